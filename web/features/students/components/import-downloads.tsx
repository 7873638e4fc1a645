import { FileDown, FileSpreadsheet } from 'lucide-react';
import { apiAddress } from '../../../lib/api-client.ts';
import { ti } from './import-text.ts';

const linkButton =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-accent-700 hover:bg-accent-50';

/** The template and the export: the same columns, so an export edited imports back. */
export function ImportDownloads() {
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={apiAddress('/admin/student-imports/template.xlsx', 'get')}
        download
        className={linkButton}
      >
        <FileDown className="size-4" aria-hidden="true" />
        {ti('template')}
      </a>
      <a
        href={apiAddress('/admin/student-imports/course-template.xlsx', 'get')}
        download
        className={linkButton}
      >
        <FileDown className="size-4" aria-hidden="true" />
        {ti('courseTemplate')}
      </a>
      <a href={apiAddress('/admin/students.xlsx', 'get')} download className={linkButton}>
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        {ti('export')}
      </a>
    </div>
  );
}
