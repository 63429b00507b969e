import { DEFAULT_LANGUAGE, ergative, type Language } from '@burti/shared';

/**
 * The few words the server says itself, outside the web app: emails, push notifications and Telegram bot
 * messages, each in the recipient's language. Error messages are not here: the API answers a stable code and
 * the web app shows its own catalogue's words for it (apps/web/src/locales/<lang>/errors.json).
 */
type Messages = {
  resetSubject: (appName: string) => string;
  resetIntro: (appName: string) => string;
  resetAction: string;
  resetOutro: string;
  confirmSubject: (appName: string) => string;
  confirmIntro: (appName: string) => string;
  confirmAction: string;
  confirmOutro: string;
  /** Push and bot texts: what the actor did, after their nickname. */
  /** `others`: how many more fans a grouped notification (likes, shares, follows) stands for. */
  push: Record<
    'like' | 'comment' | 'reply' | 'reply_on_post' | 'follow' | 'share' | 'mention' | 'other',
    (actor: string, others: number) => string
  >;
  viewPost: string;
  viewProfile: string;
  viewMatch: string;
  /** Match alerts (decision 022): `team` and `match` ("Dinamo Tbilisi – Torpedo") are named in this language. */
  matchAlert: {
    kickOff: string;
    goal: (team: string) => string;
    ownGoal: (team: string) => string;
    penaltyGoal: (team: string) => string;
    redCard: (team: string) => string;
    secondYellow: (team: string) => string;
    fullTime: string;
    /** Without score, scorer or side, for a fan holding the match in spoiler mode. */
    spoiler: Record<'kick_off' | 'goal' | 'red_card' | 'full_time', (match: string) => string>;
  };
  botWelcome: (appName: string) => string[];
  botInvited: string;
  botOpen: (appName: string) => string;
};

const andOthers = (others: number) => (others ? ` and ${others} other${others === 1 ? '' : 's'}` : '');

const en: Messages = {
  resetSubject: (appName) => `Reset your ${appName} password`,
  resetIntro: (appName) =>
    `Someone asked to reset the password of your ${appName} account. If it was you, choose a new password:`,
  resetAction: 'Choose a new password',
  resetOutro:
    'The link works for one hour. If you did not ask for this, ignore this email: your password stays as it is.',
  confirmSubject: (appName) => `Confirm your email for ${appName}`,
  confirmIntro: (appName) =>
    `Welcome to ${appName}, the Georgian football social network! Confirm your email address to finish signing up:`,
  confirmAction: 'Confirm my email',
  confirmOutro: 'If you did not sign up, ignore this email and no account will be activated.',
  push: {
    like: (actor, others) => `${actor}${andOthers(others)} liked your post`,
    comment: (actor) => `${actor} commented on your post`,
    reply: (actor) => `${actor} replied to your comment`,
    reply_on_post: (actor) => `${actor} replied in your post`,
    follow: (actor, others) => `${actor}${andOthers(others)} started following you`,
    share: (actor, others) => `${actor}${andOthers(others)} shared your post`,
    mention: (actor) => `${actor} mentioned you`,
    other: (actor) => `${actor} sent you a notification`,
  },
  viewPost: 'View post',
  viewProfile: 'View profile',
  viewMatch: 'View match',
  matchAlert: {
    kickOff: 'Kick-off!',
    goal: (team) => `Goal for ${team}!`,
    ownGoal: (team) => `Own goal, a goal for ${team}`,
    penaltyGoal: (team) => `Penalty scored for ${team}!`,
    redCard: (team) => `Red card for ${team}`,
    secondYellow: (team) => `Second yellow, red card for ${team}`,
    fullTime: 'Full time',
    spoiler: {
      kick_off: (match) => `Kick-off: ${match}`,
      goal: (match) => `Goal in ${match}`,
      red_card: (match) => `Red card in ${match}`,
      full_time: (match) => `Full time: ${match}`,
    },
  },
  botWelcome: (appName) => [
    `⚽ Welcome to ${appName}, the Georgian football social network!`,
    'Pick your club, share the match moments with its fans and earn $GOAL.',
  ],
  botInvited: 'A friend invited you: open the app to join them.',
  botOpen: (appName) => `Open ${appName}`,
};

const ka: Messages = {
  resetSubject: (appName) => `${appName}: პაროლის აღდგენა`,
  resetIntro: (appName) =>
    `ვიღაცამ ${appName}-ის ანგარიშის პაროლის აღდგენა მოითხოვა. თუ ეს შენ იყავი, აირჩიე ახალი პაროლი:`,
  resetAction: 'ახალი პაროლის არჩევა',
  resetOutro:
    'ბმული ერთი საათი მოქმედებს. თუ ეს შენ არ მოგითხოვია, უბრალოდ ყურადღებას ნუ მიაქცევ ამ წერილს: პაროლი არ შეიცვლება.',
  confirmSubject: (appName) => `${appName}: დაადასტურე ელფოსტა`,
  confirmIntro: (appName) =>
    `კეთილი იყოს შენი მობრძანება ${appName}-ში, საქართველოს ფეხბურთის სოციალურ ქსელში! რეგისტრაციის დასასრულებლად დაადასტურე ელფოსტის მისამართი:`,
  confirmAction: 'ელფოსტის დადასტურება',
  confirmOutro: 'თუ არ დარეგისტრირებულხარ, ყურადღებას ნუ მიაქცევ ამ წერილს: ანგარიში არ გააქტიურდება.',
  push: {
    like: (actor, others) => `${actor}-ს${others ? ` და კიდევ ${others} გულშემატკივარს` : ''} მოეწონა შენი პოსტი`,
    comment: (actor) => `${ergative(actor)} შენს პოსტზე კომენტარი დაწერა`,
    reply: (actor) => `${ergative(actor)} შენს კომენტარს უპასუხა`,
    reply_on_post: (actor) => `${ergative(actor)} შენს პოსტში უპასუხა`,
    follow: (actor, others) => `${ergative(actor)}${others ? ` და კიდევ ${others} გულშემატკივარმა` : ''} გამოგიწერა`,
    share: (actor, others) =>
      `${ergative(actor)}${others ? ` და კიდევ ${others} გულშემატკივარმა` : ''} შენი პოსტი გააზიარა`,
    mention: (actor) => `${ergative(actor)} მოგიხსენია`,
    other: (actor) => `ახალი შეტყობინება: ${actor}`,
  },
  viewPost: 'პოსტის ნახვა',
  viewProfile: 'პროფილის ნახვა',
  viewMatch: 'მატჩის ნახვა',
  matchAlert: {
    kickOff: 'მატჩი დაიწყო!',
    goal: (team) => `გოლი! ${team}`,
    ownGoal: (team) => `ავტოგოლი! გოლი ჩაეთვალა: ${team}`,
    penaltyGoal: (team) => `გოლი პენალტით! ${team}`,
    redCard: (team) => `წითელი ბარათი: ${team}`,
    secondYellow: (team) => `მეორე ყვითელი, წითელი ბარათი: ${team}`,
    fullTime: 'მატჩი დასრულდა',
    spoiler: {
      kick_off: (match) => `მატჩი დაიწყო: ${match}`,
      goal: (match) => `გოლი მატჩში ${match}`,
      red_card: (match) => `წითელი ბარათი მატჩში ${match}`,
      full_time: (match) => `მატჩი დასრულდა: ${match}`,
    },
  },
  botWelcome: (appName) => [
    `⚽ კეთილი იყოს შენი მობრძანება ${appName}-ში, საქართველოს ფეხბურთის სოციალურ ქსელში!`,
    'აირჩიე შენი კლუბი, გაუზიარე მატჩის წამები მის გულშემატკივრებს და დააგროვე $GOAL.',
  ],
  botInvited: 'მეგობარმა მოგიწვია: გახსენი აპი და შეუერთდი.',
  botOpen: (appName) => `${appName}-ის გახსნა`,
};

const catalogues: Record<Language, Messages> = { en, ka };

/** The server's words in a language (English for anything unknown). */
export function messages(language: string | null | undefined): Messages {
  return catalogues[language as Language] ?? catalogues[DEFAULT_LANGUAGE];
}

export type PushType = keyof Messages['push'];
