// Escaping for text placed into SVG or HTML markup: every character that could end an attribute
// or open a tag becomes an entity, so a merchant named `<script>` stays text.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an XML/HTML text node or a quoted attribute value. */
export function escapeMarkup(text: string): string {
  // Control characters are not allowed in XML at all: drop them rather than make the SVG invalid.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
