/**
 * Text a visitor typed (a guest's name), made unable to become a link in either part of a mail: mail clients
 * turn anything that looks like a URL, a domain or an address into a link, so the marks that make it look like
 * one are bracketed the way security notices defang URLs: `://` → `[:]//`, a dot between word characters →
 * `[.]`, `@` → `[at]`. "http://evil.example" reads "http[:]//evil[.]example". A name with none of these
 * marks is unchanged. The result is plain text: the layout escapes it for the HTML part.
 */
export function defang(value: string): string {
  return (
    value
      .replace(/:(?=\s*[/\\]{2})/g, '[:]')
      // Dots of any script (。．｡ too) followed by a letter or digit; "J. Smith" keeps its dot.
      .replace(/[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
      .replace(/[@\uFF20]/g, '[at]')
  );
}
