import { REFERRAL_REWARD } from '@burti/shared';
import { Check, Copy, Send, Share2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { appName } from '../../../lib/i18n';
import { copy, openExternal, share } from '../../../lib/platform';
import { useMe } from '../../auth/api/get-me';
import { telegramInviteLink, telegramShareUrl, webInviteLink } from '../lib/invite-links';

/** How long the check mark stays on a copy button (spec: 2 seconds). */
export const COPY_INDICATOR_MS = 2000;

type LinkKind = 'telegram' | 'web';

function LinkField({
  id,
  title,
  tag,
  label,
  link,
  copied,
  copyLabel,
  onCopy,
  children,
}: {
  id: string;
  title: string;
  tag: ReactNode;
  label: string;
  link: string;
  copied: boolean;
  copyLabel: string;
  onCopy: () => void;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h3>
        {tag}
      </div>
      <div className="flex gap-2">
        <Input
          readOnly
          value={link}
          aria-label={label}
          className="font-mono text-sm"
          onClick={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" size="icon" aria-label={copyLabel} onClick={onCopy}>
          {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
      {children}
    </section>
  );
}

/**
 * Invite Friends: the Telegram link (recommended) with copy and share, and the web link (fallback) with copy.
 * Opened by `trigger`, for example the profile's Invite button or the Referrals page's.
 */
export function InviteDialog({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [copied, setCopied] = useState<LinkKind | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shareButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const code = me?.referralCode;
  const links = code ? { telegram: telegramInviteLink(code), web: webInviteLink(code) } : null;
  const kindName = (kind: LinkKind) =>
    t(kind === 'telegram' ? 'referrals.dialog.kindTelegram' : 'referrals.dialog.kindWeb');
  const reward = REFERRAL_REWARD;
  const shareText = t('referrals.dialog.shareText', { appName });

  const showCopied = (kind: LinkKind) => {
    setCopied(kind);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_INDICATOR_MS);
    toast.success(t('referrals.dialog.copied'), {
      description: t('referrals.dialog.copiedMessage', { kind: kindName(kind) }),
    });
  };
  const showCopyFailed = () =>
    toast.error(t('referrals.dialog.copyFailed'), { description: t('referrals.dialog.copyFailedMessage') });

  const onCopy = async (kind: LinkKind) => {
    if (!links) return;
    if (await copy(links[kind])) showCopied(kind);
    else showCopyFailed();
  };

  /** The device's share sheet where there is one; otherwise the Telegram link is copied. */
  const onShare = async () => {
    if (!links) return;
    const outcome = await share({ title: appName, text: shareText, url: links.telegram });
    if (outcome === 'copied') showCopied('telegram');
    else if (outcome === 'failed') showCopyFailed();
  };

  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        closeLabel={t('app.close')}
        // Focus the main action rather than the first link field, which would show as selected text.
        onOpenAutoFocus={(event) => {
          if (!shareButton.current) return;
          event.preventDefault();
          shareButton.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('referrals.dialog.title')}</DialogTitle>
          <DialogDescription className="font-medium text-foreground">
            {t('referrals.dialog.subtitle', { reward })}
          </DialogDescription>
        </DialogHeader>
        {links ? (
          <div className="flex flex-col gap-3">
            <LinkField
              id="invite-telegram"
              title={t('referrals.dialog.telegramTitle')}
              tag={<Badge variant="brand">{t('referrals.dialog.recommended')}</Badge>}
              label={t('referrals.dialog.telegramLabel')}
              link={links.telegram}
              copied={copied === 'telegram'}
              copyLabel={t('referrals.dialog.copy', { kind: kindName('telegram') })}
              onCopy={() => void onCopy('telegram')}
            >
              <div className="flex flex-wrap gap-2 [&>*]:grow">
                <Button
                  ref={shareButton}
                  type="button"
                  onClick={() => openExternal(telegramShareUrl(links.telegram, shareText))}
                >
                  <Send aria-hidden="true" />
                  {t('referrals.dialog.shareTelegram')}
                </Button>
                <Button type="button" variant="outline" onClick={() => void onShare()}>
                  <Share2 aria-hidden="true" />
                  {t('referrals.dialog.share')}
                </Button>
              </div>
            </LinkField>
            <LinkField
              id="invite-web"
              title={t('referrals.dialog.webTitle')}
              tag={<Badge variant="outline">{t('referrals.dialog.fallback')}</Badge>}
              label={t('referrals.dialog.webLabel')}
              link={links.web}
              copied={copied === 'web'}
              copyLabel={t('referrals.dialog.copy', { kind: kindName('web') })}
              onCopy={() => void onCopy('web')}
            />
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('referrals.dialog.noCode')}
          </p>
        )}
        <section aria-labelledby="invite-how-title" className="rounded-lg bg-muted p-3 text-sm">
          <h3 id="invite-how-title" className="font-semibold">
            {t('referrals.dialog.howTitle')}
          </h3>
          <p className="mt-1 text-muted-foreground">{t('referrals.dialog.how', { appName, reward })}</p>
        </section>
      </DialogContent>
    </Dialog>
  );
}
