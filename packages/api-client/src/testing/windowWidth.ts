/**
 * A window `width` CSS pixels wide, as `matchMedia` answers for it (min-width and max-width, px/em/
 * rem), so a component test sees the layout a phone or a desktop gets. Returns the restore function.
 */
export function windowWidth(width: number): () => void {
  const original = window.matchMedia;
  const px = (value: string, unit: string) => Number(value) * (unit === 'px' ? 1 : 16);
  window.matchMedia = (query: string) => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|r?em)\)/g)];
    const matches =
      conditions.length > 0 &&
      conditions.every(([, kind, value, unit]) =>
        kind === 'min' ? width >= px(value!, unit!) : width <= px(value!, unit!),
      );
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
  return () => {
    window.matchMedia = original;
  };
}
