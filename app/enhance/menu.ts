// The mobile menu of a content page's header (app/components/site-header.tsx): the toggle opens it
// with the links from its template and closes it, as do Escape and following a link.
export function enhanceMenu() {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const template = document.querySelector<HTMLTemplateElement>("template[data-menu-links]");
  const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!toggle || !template || !menu) return;

  const setOpen = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    menu.hidden = !open;
    // Closed, it holds nothing, as on the other pages.
    menu.replaceChildren(...(open ? [template.content.cloneNode(true)] : []));
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  window.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) setOpen(false);
  });
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  // Back to this page from the history cache: closed, as a fresh load would be.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setOpen(false);
  });
}
