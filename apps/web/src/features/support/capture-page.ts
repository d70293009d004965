/**
 * A PNG of the page as the person sees it (the screen behind the dialog): modern-screenshot
 * draws the DOM into a canvas. Floating layers (dialogs, menus, toasts: Mantine renders them in
 * `[data-portal]` elements) are left out, so the capture shows the screen the problem is on.
 * Loaded only when asked (the library stays out of every first load).
 * @throws Error when the browser cannot draw the page.
 */
export async function capturePage(): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  return domToBlob(document.body, {
    type: 'image/png',
    scale: 1,
    width: window.innerWidth,
    height: window.innerHeight,
    filter: (node) => !(node instanceof HTMLElement && node.hasAttribute('data-portal')),
  });
}
