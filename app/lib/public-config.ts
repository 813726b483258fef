/** Non-secret settings the server hands to the browser (see config.server.ts). */
export type PublicConfig = {
  editingServicesUrl: string;
  supportEmail: string;
  videoUrls: [string, string];
  wallpaperUrl: string;
  /** Answers come from the local stand-in model (`npm start` without OPENAI_API_KEY). */
  demoAi: boolean;
  /** Payments go to the local Stripe stand-in (`npm start` without STRIPE_SECRET_KEY). */
  testPayments: boolean;
};
