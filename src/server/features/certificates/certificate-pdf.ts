import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import type { Certificate, RecipientType } from '../../../shared/contracts/certificates';

/*
 * The printable certificate (ADR 0014): one A4 landscape page with the company, the recipient, the
 * course, the dates, the number and a QR code that opens the verification page for that number. Fonts are
 * DejaVu (package dejavu-fonts-ttf), embedded as subsets, so a name in any European, Greek or Cyrillic
 * script prints as typed. A certificate that is revoked or past its expiry is marked so across the page.
 */

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const FONTS = {
  sans: font('DejaVuSans.ttf'),
  sansBold: font('DejaVuSans-Bold.ttf'),
  serif: font('DejaVuSerif.ttf'),
  serifBold: font('DejaVuSerif-Bold.ttf'),
  serifItalic: font('DejaVuSerif-Italic.ttf'),
  mono: font('DejaVuSansMono.ttf'),
} as const;

/** The site's brand colours (app.css: brand-600, brand-900, brand-50), and text greys. */
const BRAND = '#4f39f6';
const BRAND_DARK = '#312c85';
const BRAND_LIGHT = '#eef2ff';
const INK = '#0f172a';
const MUTED = '#475569';
const DANGER = '#b91c1c';
const WARNING = '#b45309';

/** A4 landscape, in points. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;

const titles: Record<RecipientType, string> = {
  intern: 'Certificate of Internship',
  employee: 'Certificate of Achievement',
  client: 'Certificate of Completion',
};
const leads: Record<RecipientType, string> = {
  intern: 'has successfully completed the internship programme',
  employee: 'has successfully completed',
  client: 'has successfully completed, in partnership with us,',
};

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** 'August 30, 2025' for '2025-08-30' or an ISO time, read in UTC as the site shows dates. */
export function certificateDate(value: string): string {
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? value : longDate.format(time);
}

export interface CertificateIssuer {
  /** The company name, printed at the top and in the document's metadata. */
  name: string;
  /** Who signs: the founder, when the company profile names one. */
  signatory: string | null;
}

type Doc = PDFKit.PDFDocument;

/**
 * Text centred (or right-aligned) in [x, x + width], at the largest size from `max` down to `min` at which it
 * takes at most `lines` lines and `height` points; should it not fit even at `min`, the last line ends in an ellipsis (the
 * field limits keep that from happening). Returns the height used.
 */
function fittedText(
  doc: Doc,
  text: string,
  box: { x: number; y: number; width: number },
  style: {
    font: string;
    max: number;
    min: number;
    lines: number;
    /** The most height the text may take, in points, whatever its size. */
    height?: number;
    color: string;
    align?: 'center' | 'right';
  },
): number {
  let size = style.max;
  doc.font(style.font).fontSize(size).fillColor(style.color);
  const limit = () => Math.min(doc.currentLineHeight(true) * style.lines + 0.5, style.height ?? Infinity);
  const fits = () => doc.heightOfString(text, { width: box.width }) <= limit();
  while (size > style.min && !fits()) {
    size -= 1;
    doc.fontSize(size);
  }
  doc.fontSize(size);
  const maxHeight = Math.max(limit(), doc.currentLineHeight(true));
  const options = { width: box.width, align: style.align ?? 'center', height: maxHeight, ellipsis: true };
  const height = Math.min(doc.heightOfString(text, options), maxHeight);
  doc.text(text, box.x, box.y, options);
  return height;
}

/** The QR code as vector squares, with its quiet zone on white, `size` points wide at (x, y). */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const cell = size / (modules + quiet * 2);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

function frame(doc: Doc): void {
  doc.rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT).fill('#ffffff');
  doc
    .lineWidth(3)
    .rect(22, 22, PAGE_WIDTH - 44, PAGE_HEIGHT - 44)
    .stroke(BRAND);
  doc
    .lineWidth(0.75)
    .rect(30, 30, PAGE_WIDTH - 60, PAGE_HEIGHT - 60)
    .stroke(BRAND_DARK);
  // A band across the top in the brand's lightest tint.
  doc.rect(30.5, 30.5, PAGE_WIDTH - 61, 56).fill(BRAND_LIGHT);
}

/** REVOKED or EXPIRED across the page, and a line under the title saying since when. */
function statusMark(doc: Doc, certificate: Certificate): string | null {
  if (certificate.effective_status === 'active') return null;
  const revoked = certificate.effective_status === 'revoked';
  const word = revoked ? 'REVOKED' : 'EXPIRED';
  doc.save();
  doc.rotate(-22, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
  doc
    .font(FONTS.sansBold)
    .fontSize(120)
    .fillColor(revoked ? DANGER : WARNING)
    .fillOpacity(0.16)
    .text(word, 0, PAGE_HEIGHT / 2 - 70, { width: PAGE_WIDTH, align: 'center', lineBreak: false });
  doc.restore();
  if (revoked) {
    return certificate.revoked_at
      ? `REVOKED on ${certificateDate(certificate.revoked_at)}: this certificate is no longer valid.`
      : 'REVOKED: this certificate is no longer valid.';
  }
  return certificate.expiry_date
    ? `EXPIRED on ${certificateDate(certificate.expiry_date)}.`
    : 'EXPIRED: this certificate is no longer valid.';
}

/** One A4 landscape page for `certificate`, as a PDF file. */
export async function renderCertificatePdf(certificate: Certificate, issuer: CertificateIssuer): Promise<Buffer> {
  // Loaded on the first certificate PDF: pdfkit and its fonts cost ~20 MB a site may never need.
  const { default: PDFDocument } = await import('pdfkit');
  const title = titles[certificate.recipient_type];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    font: FONTS.sans,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${title}: ${certificate.recipient_name} (${certificate.certificate_number})`,
      Author: issuer.name,
      Subject: `Certificate ${certificate.certificate_number}, verifiable at ${certificate.verify_url}`,
      Keywords: `certificate, ${certificate.certificate_number}`,
      Creator: issuer.name,
      // The record's last change, so the same certificate gives the same document.
      CreationDate: new Date(certificate.updated_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  frame(doc);
  const inner = { x: 90, width: PAGE_WIDTH - 180 };

  // The band: the company's name.
  fittedText(
    doc,
    issuer.name.toUpperCase(),
    { x: inner.x, y: 50, width: inner.width },
    {
      font: FONTS.sansBold,
      max: 15,
      min: 9,
      lines: 1,
      color: BRAND_DARK,
    },
  );

  const notice = statusMark(doc, certificate);

  let y = 112;
  y += fittedText(
    doc,
    title,
    { x: inner.x, y, width: inner.width },
    {
      font: FONTS.serifBold,
      max: 36,
      min: 24,
      lines: 1,
      color: INK,
    },
  );
  if (notice) {
    y += 6;
    y += fittedText(
      doc,
      notice,
      { x: inner.x, y, width: inner.width },
      {
        font: FONTS.sansBold,
        max: 12,
        min: 9,
        lines: 2,
        color: certificate.effective_status === 'revoked' ? DANGER : WARNING,
      },
    );
  }

  y += 22;
  doc.font(FONTS.serifItalic).fontSize(14).fillColor(MUTED);
  doc.text('This is to certify that', inner.x, y, { width: inner.width, align: 'center' });
  y += 30;

  y += fittedText(
    doc,
    certificate.recipient_name,
    { x: inner.x, y, width: inner.width },
    {
      font: FONTS.serifBold,
      max: 38,
      min: 12,
      lines: 3,
      height: 88,
      color: BRAND,
    },
  );
  y += 6;
  doc
    .moveTo(PAGE_WIDTH / 2 - 150, y)
    .lineTo(PAGE_WIDTH / 2 + 150, y)
    .lineWidth(0.75)
    .stroke('#cbd5e1');
  y += 14;

  if (certificate.course_name) {
    doc.font(FONTS.serifItalic).fontSize(14).fillColor(MUTED);
    doc.text(leads[certificate.recipient_type], inner.x, y, { width: inner.width, align: 'center' });
    y += 26;
    y += fittedText(
      doc,
      certificate.course_name,
      { x: inner.x, y, width: inner.width },
      {
        font: FONTS.sansBold,
        max: 20,
        min: 9,
        lines: 3,
        height: 48,
        color: INK,
      },
    );
  }
  if (certificate.duration) {
    y += 8;
    fittedText(
      doc,
      `Duration: ${certificate.duration}`,
      { x: inner.x, y, width: inner.width },
      {
        font: FONTS.sans,
        max: 12,
        min: 9,
        lines: 1,
        color: MUTED,
      },
    );
  }

  // The foot: dates and number on the left, the signature in the middle, the QR code on the right.
  const footTop = 440;
  const facts: Array<[string, string, string]> = [
    ['Issued', certificateDate(certificate.issue_date), FONTS.sansBold],
    [
      'Valid until',
      certificate.expiry_date ? certificateDate(certificate.expiry_date) : 'Does not expire',
      FONTS.sansBold,
    ],
    ['Certificate No.', certificate.certificate_number, FONTS.mono],
  ];
  facts.forEach(([label, value, valueFont], index) => {
    const rowY = footTop + index * 30;
    doc.font(FONTS.sans).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), 70, rowY);
    doc
      .font(valueFont)
      .fontSize(11)
      .fillColor(INK)
      .text(value, 70, rowY + 11, { width: 220, lineBreak: false });
  });

  const signX = PAGE_WIDTH / 2 - 110;
  doc
    .moveTo(signX, footTop + 52)
    .lineTo(signX + 220, footTop + 52)
    .lineWidth(0.75)
    .stroke(INK);
  const signer = issuer.signatory ? `${issuer.signatory}, Founder` : `For ${issuer.name}`;
  fittedText(
    doc,
    signer,
    { x: signX - 20, y: footTop + 58, width: 260 },
    {
      font: FONTS.sans,
      max: 11,
      min: 8,
      lines: 1,
      color: INK,
    },
  );
  fittedText(
    doc,
    issuer.name,
    { x: signX - 20, y: footTop + 73, width: 260 },
    {
      font: FONTS.sans,
      max: 9,
      min: 7,
      lines: 1,
      color: MUTED,
    },
  );

  const qrSize = 96;
  const qrX = PAGE_WIDTH - 70 - qrSize;
  const qrY = footTop - 14;
  drawQrCode(doc, certificate.verify_url, qrX, qrY, qrSize);
  doc.link(qrX, qrY, qrSize, qrSize, certificate.verify_url);
  doc
    .font(FONTS.sansBold)
    .fontSize(8)
    .fillColor(INK)
    .text('Scan to verify', qrX - 60, qrY + qrSize + 2, { width: qrSize + 60, align: 'right' });
  fittedText(
    doc,
    certificate.verify_url,
    { x: PAGE_WIDTH - 70 - 300, y: qrY + qrSize + 13, width: 300 },
    {
      font: FONTS.sans,
      max: 7,
      min: 5,
      lines: 1,
      color: MUTED,
      align: 'right',
    },
  );

  doc.end();
  return done;
}
