import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadNamespaces, setLanguage } from './i18n';
import { apiErrorMessage, authErrorText } from './error-messages';

afterEach(async () => setLanguage('en'));

describe('API errors in the fan’s language', () => {
  it('shows the catalogue sentence of a code', async () => {
    expect(apiErrorMessage('POST_EMPTY', 'Write something or add a photo or video.')).toBe(
      'Write something or add a photo or video.',
    );
    await setLanguage('ka');
    expect(i18n.language).toBe('ka');
    expect(apiErrorMessage('POST_EMPTY', 'Write something or add a photo or video.')).toBe(
      'დაწერე რამე ან დაამატე ფოტო ან ვიდეო.',
    );
    expect(apiErrorMessage('RATE_LIMITED')).toMatch(/ძალიან ბევრი/);
    expect(apiErrorMessage('SOMETHING_NEW', 'New problem')).toBe('New problem');
  });

  it('says that a server without ffmpeg cannot process videos, without blaming the fan’s file', async () => {
    const server = 'Videos cannot be processed right now. Your file is fine: please try again later.';
    expect(apiErrorMessage('VIDEO_PROCESSING_UNAVAILABLE', server)).toBe(server);
    await setLanguage('ka');
    expect(apiErrorMessage('VIDEO_PROCESSING_UNAVAILABLE', server)).toBe(
      'ვიდეოებს ახლა ვერ ვამუშავებთ. შენს ფაილს არაფერი სჭირს: სცადე მოგვიანებით.',
    );
  });

  it('turns the shared schemas’ sentences into the language on screen, numbers kept', async () => {
    await setLanguage('ka');
    expect(apiErrorMessage('VALIDATION', 'Posts can be at most 500 characters.')).toBe(
      'პოსტი მაქსიმუმ 500 სიმბოლოსგან შედგება.',
    );
    expect(apiErrorMessage('VALIDATION', 'Some rule we do not know yet.')).toBe('გადაამოწმე მონიშნული ველები.');
    await setLanguage('en');
    expect(apiErrorMessage('VALIDATION', 'Some rule we do not know yet.')).toBe('Some rule we do not know yet.');
  });

  it('reads better-auth codes', async () => {
    await setLanguage('ka');
    expect(authErrorText({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBe(
      'ელფოსტა ან პაროლი არასწორია',
    );
    expect(authErrorText({ status: 429, message: 'Too many requests' })).toMatch(/ძალიან ბევრი მცდელობა/);
    expect(authErrorText({ code: 'NICKNAME_TAKEN', message: 'That nickname is already taken.' })).toBe(
      'ეს მეტსახელი უკვე დაკავებულია.',
    );
  });

  it('names a common password as such, by its code, in either language', async () => {
    const common = {
      status: 400,
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is one of the most common and easy to guess. Please choose a less predictable one.',
    };
    expect(authErrorText(common)).toBe(common.message);
    await setLanguage('ka');
    expect(authErrorText(common)).toMatch(/^ეს პაროლი ყველაზე გავრცელებულ/);
    expect(authErrorText(common)).not.toBe(i18n.t('errors.codes.VALIDATION'));
  });

  it('shows an auth check’s specific sentence, not the general VALIDATION one', async () => {
    const unknown = { status: 400, code: 'VALIDATION', message: 'The request body must be an object.' };
    expect(authErrorText(unknown)).toBe('The request body must be an object.');
    await setLanguage('ka');
    expect(authErrorText(unknown)).toBe('გადაამოწმე მონიშნული ველები.');
  });

  it('puts the document in the language', async () => {
    await setLanguage('ka');
    expect(document.documentElement.lang).toBe('ka');
    expect(document.title).toBe('Burti — საქართველოს ფეხბურთის სოციალური ქსელი');
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Burti — The Georgian Football Social Network');
  });

  it('says "1 Post" and "2 Posts", "1 პოსტი" and "2 პოსტი"', async () => {
    expect(i18n.t('profile.postsCount', { count: 1 })).toBe('1 Post');
    expect(i18n.t('profile.postsCount', { count: 2 })).toBe('2 Posts');
    await setLanguage('ka');
    expect(i18n.t('profile.postsCount', { count: 1 })).toBe('1 პოსტი');
    expect(i18n.t('profile.postsCount', { count: 2 })).toBe('2 პოსტი');
    // The notifications screen's strings come with that screen (app/router.tsx).
    await loadNamespaces('notifications');
    expect(i18n.t('notifications.types.follow', { nickname: 'zura' })).toBe('zura-მ გამოგიწერა');
    expect(i18n.t('notifications.types.comment', { nickname: 'Levan' })).toBe('Levan-მა შენს პოსტზე კომენტარი დაწერა');
  });
});
