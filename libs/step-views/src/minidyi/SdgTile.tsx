import { sdgInfo, sdgName, sdgTextColour, type Language } from '@impact-calls/domain';

/** Splits a goal's short name into at most four lines of about `width` characters. */
export function tileLines(name: string, width = 14): string[] {
  const lines: string[] = [];
  for (const word of name.toUpperCase().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 4) return lines;
  return [...lines.slice(0, 3), lines.slice(3).join(' ')];
}

export interface SdgTileProps {
  code: number;
  language: Language;
  /** Side in pixels, or a CSS length such as '100%' (the tile is square). */
  size?: number | string;
  /** Decorative inside a labelled control: hidden from assistive technology. */
  decorative?: boolean;
}

/**
 * "The SDG image": the goal's tile drawn by the product (the official icons cannot be
 * downloaded here) — the official colour, the number and the short name, as on the UN
 * icons. Text is white, or dark where white would not be readable (sdgTextColour).
 */
export function SdgTile({ code, language, size = 96, decorative = false }: SdgTileProps) {
  const info = sdgInfo(code);
  if (!info) return null;
  const name = sdgName(code, language);
  const fill = sdgTextColour(code);
  const lines = tileLines(name);
  const fontSize = lines.length > 3 ? 9 : 10;
  const label = `${code}. ${name}`;
  const large = typeof size === 'string' || size >= 48;
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      {...(decorative ? { 'aria-hidden': true, focusable: false } : { role: 'img', 'aria-label': label })}
      data-testid={`sdg-tile-${code}`}
      style={{ display: 'block', flexShrink: 0, borderRadius: large ? 6 : 3 }}
    >
      <rect width="100" height="100" fill={info.colour} />
      {large ? (
        <text x="7" y="31" fill={fill} fontSize="30" fontWeight="700" fontFamily="system-ui, Arial, sans-serif">
          {code}
        </text>
      ) : (
        // Too small for the name: the number alone, as large as the tile allows.
        <text x="50" y="70" textAnchor="middle" fill={fill} fontSize="58" fontWeight="700" fontFamily="system-ui, Arial, sans-serif">
          {code}
        </text>
      )}
      {large &&
        lines.map((line, i) => {
          const estimated = line.length * fontSize * 0.62;
          return (
            <text
              key={i}
              x="7"
              y={47 + i * (fontSize + 2.5)}
              fill={fill}
              fontSize={fontSize}
              fontWeight="700"
              fontFamily="system-ui, Arial, sans-serif"
              {...(estimated > 86 ? { textLength: 86, lengthAdjust: 'spacingAndGlyphs' } : {})}
            >
              {line}
            </text>
          );
        })}
    </svg>
  );
}
