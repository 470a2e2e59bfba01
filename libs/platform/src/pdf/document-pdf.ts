import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * A printable document (a purchase order for the supplier, a signed delivery order): a title and number, header
 * fields, one table of lines, totals, remarks and an optional signature image. Labels arrive already translated
 * (a supplier's copy carries both languages), so this module knows nothing of documents.
 */
export interface DocumentPdf {
  title: string;
  number: string;
  fields: readonly { label: string; value: string }[];
  table: {
    /** `width` is a share of the printable width; the shares are scaled to fill it. */
    columns: readonly { label: string; width: number; align?: 'left' | 'right' }[];
    rows: readonly (readonly string[])[];
  };
  totals?: readonly { label: string; value: string }[];
  notes?: readonly { label: string; value: string }[];
  /** A PNG of the signature pad, with who signed and when. */
  signature?: { label: string; png: Buffer; caption?: string };
  footer?: string;
}

const MARGIN = 40;
const BORDER = '#cbd5e1';
const MUTED = '#475569';

/**
 * Noto Sans Hans (an npm package, nothing downloaded at run time) covers Latin and Chinese alike, so an item named
 * in either language prints. pdfkit embeds only the glyphs used. Read once per process.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    fonts = {
      regular: fs.readFileSync(path.join(dir, 'NotoSansHans-Regular.otf')),
      bold: fs.readFileSync(path.join(dir, 'NotoSansHans-Bold.otf')),
    };
  }
  return fonts;
}

/** Renders the document as an A4 PDF; the line table breaks across pages with its header repeated. */
export function renderDocumentPdf(spec: DocumentPdf): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${spec.title} ${spec.number}` },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 20;

  pdf.font('bold').fontSize(16).fillColor('black').text(spec.title, left, MARGIN, { width });
  pdf.font('regular').fontSize(11).fillColor(MUTED).text(spec.number, { width });
  pdf.moveDown(0.8);

  // Header fields in two columns.
  const half = (width - 20) / 2;
  for (let index = 0; index < spec.fields.length; index += 2) {
    const y = pdf.y;
    let next = y;
    for (const [column, field] of spec.fields.slice(index, index + 2).entries()) {
      const x = left + column * (half + 20);
      pdf.font('regular').fontSize(8).fillColor(MUTED).text(field.label, x, y, { width: half });
      pdf
        .font('regular')
        .fontSize(10)
        .fillColor('black')
        .text(field.value || '—', x, pdf.y, { width: half });
      next = Math.max(next, pdf.y);
    }
    pdf.y = next + 6;
  }
  pdf.moveDown(0.5);

  // The lines.
  const shares = spec.table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = spec.table.columns.map((column) => (column.width / shares) * width);
  const drawRow = (cells: readonly string[], header: boolean) => {
    pdf.font(header ? 'bold' : 'regular').fontSize(header ? 8 : 9);
    const height =
      Math.max(
        ...cells.map((cell, index) => pdf.heightOfString(cell || ' ', { width: widths[index] - 8 })),
        header ? 10 : 11,
      ) + 8;
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      if (!header)
        drawRow(
          spec.table.columns.map((column) => column.label),
          true,
        );
      pdf.font(header ? 'bold' : 'regular').fontSize(header ? 8 : 9);
    }
    const y = pdf.y;
    if (header) pdf.rect(left, y, width, height).fill('#f1f5f9');
    let x = left;
    cells.forEach((cell, index) => {
      pdf.fillColor(header ? MUTED : 'black').text(cell, x + 4, y + 4, {
        width: widths[index] - 8,
        align: spec.table.columns[index].align ?? 'left',
      });
      x += widths[index];
    });
    pdf
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor(BORDER)
      .stroke();
    pdf.x = left;
    pdf.y = y + height;
  };
  drawRow(
    spec.table.columns.map((column) => column.label),
    true,
  );
  for (const row of spec.table.rows) drawRow(row, false);
  pdf.moveDown(0.8);

  const block = (entries: readonly { label: string; value: string }[], align: 'right' | 'left') => {
    for (const entry of entries) {
      if (pdf.y + 30 > bottom()) pdf.addPage();
      pdf
        .font('bold')
        .fontSize(9)
        .fillColor('black')
        .text(`${entry.label}: `, left, pdf.y, { width, align, continued: true })
        .font('regular')
        .text(entry.value || '—');
    }
    pdf.moveDown(0.6);
  };
  if (spec.totals?.length) block(spec.totals, 'right');
  if (spec.notes?.length) block(spec.notes, 'left');

  if (spec.signature) {
    if (pdf.y + 120 > bottom()) pdf.addPage();
    pdf.font('bold').fontSize(9).fillColor('black').text(spec.signature.label, left, pdf.y);
    const top = pdf.y + 4;
    pdf.image(spec.signature.png, left, top, { fit: [220, 80] });
    pdf.rect(left, top, 220, 80).lineWidth(0.5).strokeColor(BORDER).stroke();
    pdf.y = top + 86;
    if (spec.signature.caption) pdf.font('regular').fontSize(8).fillColor(MUTED).text(spec.signature.caption, left);
  }

  if (spec.footer) {
    const range = pdf.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page += 1) {
      pdf.switchToPage(page);
      // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
      pdf.page.margins.bottom = 0;
      pdf
        .font('regular')
        .fontSize(7)
        .fillColor(MUTED)
        .text(spec.footer, left, pdf.page.height - MARGIN, { width, align: 'center', lineBreak: false });
    }
  }
  pdf.end();
  return finished;
}
