import { API_BASE } from '@shared/constants.js';
import type { NdaTemplateRow } from '../db/schema.js';

/** The spec's NDA template, with its preview image, page count and the projects whose NDAs were made from it. */
export interface TemplateDto {
  id: number;
  name: string;
  /** URL of the template's PDF. */
  file: string;
  /** URL of a PNG of the first page, or null when none could be rendered. */
  preview: string | null;
  pageCount: number;
  created: string;
  projects: number[];
}

const base = (id: number) => `${API_BASE}/projects/nda_templates/${id}`;
const version = (key: string) =>
  key
    .replace(/\.\w+$/, '')
    .slice(-12)
    .replace(/[^a-zA-Z0-9]/g, '');

export function presentTemplate(row: NdaTemplateRow, projects: number[]): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    file: `${base(row.id)}/get_nda_template_pdf/?v=${version(row.fileKey)}`,
    preview: row.previewKey ? `${base(row.id)}/get_preview/?v=${version(row.previewKey)}` : null,
    pageCount: row.pageCount,
    created: row.createdAt.toISOString(),
    projects,
  };
}
