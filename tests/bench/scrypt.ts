/**
 * scrypt cost: the hash time of our parameters in V8 (Node, the same JS the Worker runs) and
 * the sign-up request time through the running app in workerd, which is dominated by it.
 */
import { hashPassword, SCRYPT_PARAMS } from "../../app/auth/password.server.ts";
import { median, type BenchResult } from "./types.ts";

export async function measureScrypt(baseUrl: string): Promise<BenchResult[]> {
  const local: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await hashPassword(`bench-password-${i}`);
    local.push(performance.now() - start);
  }
  const signups: number[] = [];
  for (let i = 0; i < 5; i++) {
    const body = new URLSearchParams({
      email: `bench-${Date.now()}-${i}@example.test`,
      password: "bench-password",
      confirmPassword: "bench-password",
    });
    const start = performance.now();
    const response = await fetch(`${baseUrl}/signup`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Origin: baseUrl, "CF-Connecting-IP": `198.51.100.${i + 1}` },
    });
    signups.push(performance.now() - start);
    if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  }
  const { N, r, p } = SCRYPT_PARAMS;
  const memoryMiB = (128 * N * r) / 1024 / 1024;
  return [
    {
      name: `scrypt hash (N=2^${Math.log2(N)}, r=${r}, p=${p}, ${memoryMiB} MiB), V8 median of 5`,
      value: `${median(local).toFixed(0)} ms`,
      ok: true,
    },
    { name: "sign-up request through workerd (hash + D1 batch), median of 5", value: `${median(signups).toFixed(0)} ms`, ok: true },
  ];
}
