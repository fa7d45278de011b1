// Native dialogs (app/components/native-dialog.tsx): a button with data-opens-dialog opens its
// dialog; the 'Close' button, a click on the backdrop and a link with data-closes-dialog close it
// (Escape is the browser's, and so is returning focus to the opener).
export function enhanceDialogs() {
  for (const opener of document.querySelectorAll<HTMLElement>("[data-opens-dialog]")) {
    const dialog = document.getElementById(opener.dataset.opensDialog!);
    if (dialog instanceof HTMLDialogElement) opener.addEventListener("click", () => dialog.showModal());
  }
  for (const link of document.querySelectorAll("dialog [data-closes-dialog]")) {
    link.addEventListener("click", () => link.closest("dialog")!.close());
  }
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.querySelector("[data-dialog-close]")?.addEventListener("click", () => dialog.close());
    // A click outside the box lands on the <dialog> itself (its ::backdrop).
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
}
