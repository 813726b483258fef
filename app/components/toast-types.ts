export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
