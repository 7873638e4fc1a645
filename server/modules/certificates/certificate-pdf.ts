import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatCertificateCode } from '#shared/certificate-code';
import { formatDate } from '#shared/format';
import { certificateText as text } from '#shared/locales/vi/certificate';
import { fillPlaceholders } from '#shared/text';

/** What a certificate says: hers, the course's, and a few of her works when she agreed. */
export interface CertificateContent {
  code: string;
  studentName: string;
  courseName: string;
  instructors: string[];
  issuedAt: number;
  revokedAt: number | null;
  /** JPEG photos of her featured works of the course (none without her consent). */
  photos: Buffer[];
}

// Be Vietnam Pro in full (every Vietnamese letter in one file; the web's subsets split them).
const fontFile = (weight: '400Regular' | '700Bold') =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/be-vietnam-pro/${weight}/BeVietnamPro_${weight}.ttf`,
  );

const INK = '#1C1917';
const MUTED = '#57534E';

/** The modules of a QR code, drawn as squares: it scans from paper and from a screen. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.rect(x, y, size, size).fill('#FFFFFF');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) {
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fill(INK);
}

/**
 * A certificate on one A4 page, landscape: the academy's mark and name, her name, the course, the
 * day and the instructors, up to three of her featured works, and the code with the QR code of
 * its verification page.
 */
export function certificatePdf(
  content: CertificateContent,
  options: { verifyUrl: string; logo?: Buffer; academy: string; accent: string },
): Promise<Buffer> {
  const { academy, accent: ACCENT } = options;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${text.heading} · ${content.studentName} · ${content.courseName}`,
      Author: academy,
      CreationDate: new Date(content.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontFile('400Regular'));
  doc.registerFont('bold', fontFile('700Bold'));

  const width = doc.page.width;
  const height = doc.page.height;
  const inner = { x: 40, y: 40, width: width - 80, height: height - 80 };
  doc.rect(0, 0, width, height).fill('#FAFAF9');
  doc.lineWidth(2).roundedRect(inner.x, inner.y, inner.width, inner.height, 16).stroke(ACCENT);
  doc
    .lineWidth(0.5)
    .roundedRect(inner.x + 8, inner.y + 8, inner.width - 16, inner.height - 16, 12)
    .stroke(ACCENT);

  const column = { x: inner.x + 48, width: inner.width - 96 };
  let y = inner.y + 36;
  if (options.logo) {
    doc.image(options.logo, width / 2 - 24, y, { width: 48, height: 48 });
    y += 56;
  }
  doc.font('bold').fontSize(14).fillColor(ACCENT);
  doc.text(academy.toUpperCase(), column.x, y, { width: column.width, align: 'center' });
  y += 26;
  doc.font('bold').fontSize(24).fillColor(INK);
  doc.text(text.heading, column.x, y, { width: column.width, align: 'center' });
  y += 44;
  doc.font('regular').fontSize(13).fillColor(MUTED);
  doc.text(fillPlaceholders(text.certifies, { academy }), column.x, y, {
    width: column.width,
    align: 'center',
  });
  y += 22;
  doc.font('bold').fontSize(30).fillColor(ACCENT);
  doc.text(content.studentName, column.x, y, { width: column.width, align: 'center' });
  y = doc.y + 8;
  doc.font('regular').fontSize(13).fillColor(MUTED);
  doc.text(text.finished, column.x, y, { width: column.width, align: 'center' });
  y += 22;
  doc.font('bold').fontSize(20).fillColor(INK);
  doc.text(content.courseName, column.x, y, { width: column.width, align: 'center' });
  y = doc.y + 10;
  doc.font('regular').fontSize(12).fillColor(MUTED);
  doc.text(fillPlaceholders(text.date, { date: formatDate(content.issuedAt) }), column.x, y, {
    width: column.width,
    align: 'center',
  });
  if (content.instructors.length > 0) {
    doc.text(
      fillPlaceholders(text.instructors, { names: content.instructors.join(', ') }),
      column.x,
      doc.y + 2,
      { width: column.width, align: 'center' },
    );
  }

  // Her featured works, side by side, above the code.
  const footer = inner.y + inner.height - 110;
  if (content.photos.length > 0) {
    const size = Math.min(96, footer - doc.y - 34);
    if (size >= 48) {
      const gap = 12;
      const row = content.photos.length * size + (content.photos.length - 1) * gap;
      let x = width / 2 - row / 2;
      const top = footer - size - 8;
      doc.font('regular').fontSize(10).fillColor(MUTED);
      doc.text(text.works, column.x, top - 16, { width: column.width, align: 'center' });
      for (const photo of content.photos) {
        doc.save();
        doc.roundedRect(x, top, size, size, 8).clip();
        doc.image(photo, x, top, { cover: [size, size], align: 'center', valign: 'center' });
        doc.restore();
        x += size + gap;
      }
    }
  }

  // The code and the QR code of the page that confirms it.
  const qrSize = 86;
  drawQr(doc, options.verifyUrl, inner.x + inner.width - 48 - qrSize, footer + 8, qrSize);
  doc.font('bold').fontSize(11).fillColor(INK);
  doc.text(
    fillPlaceholders(text.code, { code: formatCertificateCode(content.code) }),
    column.x,
    footer + 40,
    { width: column.width - qrSize - 16 },
  );
  doc.font('regular').fontSize(10).fillColor(MUTED);
  doc.text(fillPlaceholders(text.verifyAt, { url: options.verifyUrl }), column.x, doc.y + 4, {
    width: column.width - qrSize - 16,
  });
  doc.end();
  return done;
}
