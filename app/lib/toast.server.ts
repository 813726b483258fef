/**
 * Flash toasts across redirects ("Signed In!", "Session Expired"): a short-lived cookie read
 * by the root loader and cleared by middleware once it has been shown. Like the session
 * cookie, it is `__Host-tws_toast` over https and `tws_toast` on plain http.
 */
import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { z } from "zod";
import { appendHeader, hostCookieName, readCookie, responseSetsCookie, serializeCookie } from "./cookies.server";
import type { ToastMessage } from "./toast";

const TOAST_COOKIE = "tws_toast";
const toastCookieName = (request: Request) => hostCookieName(request, TOAST_COOKIE);
const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});

type FlashState = { toast: ToastMessage | null; consumed: boolean };
export const flashContext = createContext<FlashState>({ toast: null, consumed: false });

export function toastCookie(request: Request, toast: ToastMessage): string {
  return serializeCookie(request, toastCookieName(request), JSON.stringify(toast), { maxAgeSeconds: 60 });
}

export function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastMessage,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, toast));
  return redirect(url, { headers });
}

export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let toast: ToastMessage | null = null;
  const name = toastCookieName(request);
  const raw = readCookie(request, name);
  if (raw) {
    try {
      const parsed = toastSchema.safeParse(JSON.parse(raw));
      if (parsed.success) toast = parsed.data;
    } catch {
      toast = null;
    }
  }
  const state: FlashState = { toast, consumed: false };
  context.set(flashContext, state);
  const response = await next();
  if (raw && (state.consumed || !toast) && !responseSetsCookie(response, name)) {
    return appendHeader(response, "Set-Cookie", serializeCookie(request, name, "", { maxAgeSeconds: 0 }));
  }
  return response;
};

/** Called by the root loader: hands the toast to the page once. */
export function takeFlashToast(context: { get(key: typeof flashContext): FlashState }) {
  const state = context.get(flashContext);
  if (!state.toast) return null;
  state.consumed = true;
  return state.toast;
}
