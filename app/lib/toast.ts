// What a toast says. Actions answer with one (ActionResult in app/components/form.tsx); a
// redirect carries one in a flash cookie (flash-toast.server.ts), shown by the root layout.
export type Toast = { kind: "success" | "error"; title: string; description?: string };

/** A content page's toast list: app/components/page-toasts.tsx draws it, app/enhance/toasts.ts fills it. */
export const TOAST_LIST_ID = "page-toasts";
