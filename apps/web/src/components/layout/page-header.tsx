import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';

/** The title bar of a screen: optional back arrow, the title, and actions at the end. */
export function PageHeader({ title, back, actions }: { title: ReactNode; back?: string | true; actions?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-30 flex min-h-14 items-center gap-2 border-b border-border bg-background/95 px-2 backdrop-blur">
      {back && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('app.back')}
          onClick={() => void (back === true ? navigate(-1) : navigate(back))}
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
      )}
      <h1 className={`min-w-0 flex-1 text-lg leading-tight font-bold break-words ${back ? '' : 'pl-2'}`}>{title}</h1>
      {actions && <div className="flex max-w-[50%] items-center gap-1 [&>*]:shrink">{actions}</div>}
    </header>
  );
}
