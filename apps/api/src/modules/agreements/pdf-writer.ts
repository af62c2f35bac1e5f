import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

const PAGE = { width: 612, height: 792, margin: 56 } as const;

/**
 * Lays out text top to bottom over as many US-letter pages as it needs. The standard fonts only
 * encode Windows-1252: other characters lose their accents, or become '?', instead of failing.
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly encodable: ReadonlySet<number>;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly ink: Color,
    private readonly muted: Color,
  ) {
    this.encodable = new Set(regular.getCharacterSet());
  }

  /**
   * Metadata is fixed by the caller, so the same input gives byte-identical output. pdf-lib is imported by
   * the first document: it weighs about 20 MiB of an idle server's memory.
   */
  static async create(meta: { title: string; date: Date }): Promise<PdfWriter> {
    const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(meta.title);
    doc.setAuthor('Wattdesk');
    doc.setCreator('Wattdesk');
    doc.setProducer('Wattdesk (pdf-lib)');
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
      rgb(0.1, 0.17, 0.24),
      rgb(0.4, 0.45, 0.5),
    );
    writer.newPage();
    return writer;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  clean(value: string): string {
    return [...value.replace(/[\r\n\t]+/g, ' ')]
      .map((char) => {
        if (this.encodable.has(char.codePointAt(0)!)) return char;
        const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
        return [...plain].every((c) => this.encodable.has(c.codePointAt(0)!)) && plain ? plain : '?';
      })
      .join('');
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    // A single word wider than the page (a long user agent) is cut into pieces that fit.
    return lines.flatMap((entry) => (font.widthOfTextAtSize(entry, size) <= width ? [entry] : this.hardSplit(entry, font, size, width)));
  }

  private hardSplit(text: string, font: PDFFont, size: number, width: number): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const char of text) {
      if (font.widthOfTextAtSize(piece + char, size) > width && piece) {
        pieces.push(piece);
        piece = '';
      }
      piece += char;
    }
    return piece ? [...pieces, piece] : pieces;
  }

  text(value: string, options: { size?: number; bold?: boolean; muted?: boolean; indent?: number; gapAfter?: number } = {}): void {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of this.wrap(value, font, size, PAGE.width - 2 * PAGE.margin - indent)) {
      if (this.y - lineHeight < PAGE.margin) this.newPage();
      this.y -= lineHeight;
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: options.muted ? this.muted : this.ink });
    }
    this.y -= options.gapAfter ?? 4;
  }

  /** A label and its value on one line, the value wrapping under itself. */
  field(label: string, value: string): void {
    const size = 10.5;
    if (this.y - size * 1.4 < PAGE.margin) this.newPage();
    const top = this.y;
    this.page.drawText(this.clean(label), { x: PAGE.margin, y: top - size * 1.4, size, font: this.bold, color: this.ink });
    this.text(value, { size, indent: 150, gapAfter: 6 });
  }

  rule(): void {
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: this.muted,
    });
    this.y -= 12;
  }

  /** Page numbers at the foot of every page, once all pages exist; `line` words them in the reader's language. */
  footer(line: (page: number, pages: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = this.clean(line(index + 1, pages.length));
      page.drawText(text, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: this.regular, color: this.muted });
    });
  }

  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}
