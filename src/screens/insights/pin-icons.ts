/**
 * The icons a pin can be drawn with. The names are what the server stores (the templates use the
 * first six); the overlay draws each as one glyph inside the pin's marker, so the glyphs are plain
 * characters every system font has.
 */
export const PIN_ICONS: readonly { name: string; label: string; glyph: string }[] = [
  { name: 'info', label: 'Information', glyph: 'i' },
  { name: 'warning', label: 'Warning', glyph: '!' },
  { name: 'shield', label: 'Shield', glyph: '+' },
  { name: 'door', label: 'Door', glyph: 'D' },
  { name: 'bench', label: 'Bench', glyph: 'B' },
  { name: 'ruler', label: 'Ruler', glyph: 'R' },
  { name: 'wind', label: 'Wind', glyph: '~' },
  { name: 'sun', label: 'Sun', glyph: '☀' },
  { name: 'star', label: 'Star', glyph: '★' },
];

/** The glyph of an icon; an unknown name (another client's) shows its first letter. */
export function pinGlyph(icon: string): string {
  return PIN_ICONS.find((i) => i.name === icon)?.glyph ?? icon.slice(0, 1).toUpperCase();
}
