import { useMemo } from 'react';
import { useEnvironmentName } from '../../api/environment';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** One tile of the watermark: the name, faint and diagonal; the tile repeats over the whole content. */
function tile(name: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="180">` +
    `<text x="130" y="90" transform="rotate(-28 130 90)" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="ui-sans-serif,system-ui,sans-serif" font-size="26" font-weight="700" letter-spacing="4" ` +
    `fill="rgb(15,23,42)" fill-opacity="0.06">${escapeXml(name)}</text></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * SPEC.md §2 environment watermark: on a non-production environment (GET /api/environment names it) the name
 * is repeated faintly and diagonally over the content. It never takes a click.
 */
export function Watermark() {
  const environment = useEnvironmentName();
  const backgroundImage = useMemo(() => (environment ? tile(environment) : undefined), [environment]);
  if (!environment) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="environment-watermark"
      data-environment={environment}
      className="pointer-events-none fixed inset-0 z-20 select-none"
      style={{ backgroundImage, backgroundRepeat: 'repeat' }}
    />
  );
}
