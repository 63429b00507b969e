import { LEGAL_DOCUMENTS, type LegalDocument } from '@burti/shared';
import Markdown from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { useLegalDocument } from '../../features/legal/api/get-legal-document';

const isLegalDocument = (value: string | undefined): value is LegalDocument =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(value ?? '');

export function LegalRoute() {
  const { document } = useParams();
  if (!isLegalDocument(document)) return <Navigate to="/settings" replace />;
  return <LegalDocumentView document={document} />;
}

function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useLegalDocument(document, i18n.language);
  return (
    <div className="mx-auto min-h-dvh w-full max-w-2xl">
      <PageHeader
        title={t(`settings.${document === 'community-guidelines' ? 'guidelines' : document}`)}
        back="/settings"
      />
      <article className="legal-prose px-5 py-6">
        {isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('legal.loading')}
          </p>
        ) : isError || data === null ? (
          <p role="alert" className="text-muted-foreground">
            {t('legal.notFound')}
          </p>
        ) : (
          <Markdown>{data}</Markdown>
        )}
      </article>
    </div>
  );
}
