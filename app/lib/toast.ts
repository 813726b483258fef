/**
 * A toast as the server hands it over (flash cookie) and the toaster shows it. Here, below
 * both, so server modules, hooks and components share it without importing each other.
 */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
