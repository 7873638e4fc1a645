import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { ti } from '../../features/students/components/import-text.ts';
import { StudentImportPanel } from '../../features/students/components/student-import.tsx';

/** Admins bring the students they already have in from a spreadsheet (#66). */
export default function StudentImportScreen() {
  return (
    <>
      <PageHeader
        title={ti('title')}
        subtitle={ti('subtitle')}
        back="/admin-tools"
        width="column"
      />
      <PageBody width="column">
        <div className="pb-10">
          <StudentImportPanel />
        </div>
      </PageBody>
    </>
  );
}
