const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: a username or an address can hold `<` or `&` and must read as written. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character]);

/** Paragraphs of text (already escaped where needed) in a minimal HTML document. */
export const htmlDocument = (paragraphs: string[]) =>
  `<!doctype html>\n<html><body>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n</body></html>\n`;
