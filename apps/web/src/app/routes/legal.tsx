import { LEGAL_DOCUMENTS, type LegalDocument } from '@burti/shared';
import { useQuery } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { STALE } from '../../lib/query-client';

const isLegalDocument = (value: string | undefined): value is LegalDocument =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(value ?? '');

/** The document in the language on screen: Georgian ones live in /legal/ka/ (translations of the English). */
async function loadDocument(document: LegalDocument, language: string): Promise<string | null> {
  const response = await fetch(language === 'ka' ? `/legal/ka/${document}.md` : `/legal/${document}.md`);
  const type = response.headers.get('content-type') ?? '';
  // An unknown file falls back to the SPA's index.html: that is not the document.
  if (!response.ok || type.includes('text/html')) return null;
  return response.text();
}

export function LegalRoute() {
  const { document } = useParams();
  if (!isLegalDocument(document)) return <Navigate to="/settings" replace />;
  return <LegalDocumentView document={document} />;
}

function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isPending, isError } = useQuery({
    queryKey: ['legal', document, language],
    queryFn: () => loadDocument(document, language),
    staleTime: STALE.static,
  });
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
