import { expect, test } from '@playwright/test';
import { joinDinamo, newFan, PASSWORD } from '../support/accounts';
import { uniqueEmail } from '../support/fan';
import { firstLink, readMail } from '../support/outbox';

// Issue 42: other clubs are no dead end, and a shared post link keeps its target through sign-in.

test('a Dinamo fan searches a rival club in Georgian and opens its page: header, counts, posts, Follow feed', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const fan = await newFan(browser, { nickname: `dinamo_${run}` });
  const rival = await newFan(browser, { nickname: `torpedo_${run}` });
  try {
    await joinDinamo(fan);
    const { clubs } = (await (await rival.page.request.get('/api/clubs?q=Torpedo%20Kutaisi')).json()) as {
      clubs: { id: number; name: string }[];
    };
    const torpedo = clubs.find((club) => club.name === 'Torpedo Kutaisi')!;
    expect((await rival.page.request.put('/api/me/club', { data: { clubId: torpedo.id } })).status()).toBe(200);
    const text = `Kutaisi is green and black ${run}`;
    expect((await rival.page.request.post('/api/posts', { data: { text } })).status()).toBe(201);

    const page = fan.page;
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search fans, clubs, posts and hashtags' }).fill('ტორპედო ქუთაისი');
    const result = page.getByRole('region', { name: 'Clubs' }).getByRole('link', { name: /Torpedo Kutaisi/ });
    await expect(result).toBeVisible();
    await result.click();

    await expect(page).toHaveURL(new RegExp(`/club/${torpedo.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Torpedo Kutaisi' })).toBeVisible();
    // Its fans and posts counted (the rival and the rival's post at least), and its posts listed.
    const stats = page.locator('header dl');
    await expect(stats.locator('dt')).toHaveText([/^Fans?$/, /^Posts?$/]);
    await expect(stats.locator('dd').first()).toHaveText(/^[1-9][\d,]*$/);
    await expect(stats.locator('dd').last()).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByText(text)).toBeVisible();

    // Follow the club's feed without changing one's own club.
    const follow = page.getByRole('button', { name: 'Follow feed' });
    await follow.click();
    await expect(page.getByRole('button', { name: 'Following feed' })).toHaveAttribute('aria-pressed', 'true');
    const me = (await (await page.request.get('/api/me')).json()) as { me: { primaryClub: { name: string } } };
    expect(me.me.primaryClub.name).toBe('Dinamo Tbilisi');
  } finally {
    await fan.context.close();
    await rival.context.close();
  }
});

test('signed out, a shared post link asks to sign in and then opens the post', async ({ browser }) => {
  const run = Date.now().toString(36);
  const author = await newFan(browser, { nickname: `author_${run}` });
  const reader = await newFan(browser, { nickname: `reader_${run}` });
  try {
    await joinDinamo(author);
    await joinDinamo(reader);
    const text = `A post worth sharing ${run}`;
    const { post } = (await (await author.page.request.post('/api/posts', { data: { text } })).json()) as {
      post: { id: string };
    };

    // The reader opens the link in a browser that is not signed in.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 740 } });
    const page = await visitor.newPage();
    await page.goto(`/post/${post.id}`);
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
    await expect(page.getByText(text)).toBeVisible();
    await visitor.close();
  } finally {
    await author.context.close();
    await reader.context.close();
  }
});

test('signed out, a shared post link keeps its target through sign-up, the email confirmation and the club choice', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const author = await newFan(browser, { nickname: `sharer_${run}` });
  const visitor = await browser.newContext({ viewport: { width: 390, height: 740 } });
  try {
    await joinDinamo(author);
    const text = `Come and see this ${run}`;
    const { post } = (await (await author.page.request.post('/api/posts', { data: { text } })).json()) as {
      post: { id: string };
    };

    // Someone new opens the link, and signs up rather than in.
    const page = await visitor.newPage();
    await page.goto(`/post/${post.id}`);
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    const email = uniqueEmail('shared');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    // The confirmation mail, opened in the same browser.
    const mail = await readMail(email, /Confirm your email/);
    await page.goto(firstLink(mail.text));
    await expect(page.getByText('Email confirmed!')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // A new fan chooses a club first, then lands on the post they opened, not on the feed.
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('searchbox', { name: 'Search clubs' }).fill('dinamo');
    await page.getByRole('button', { name: /^Dinamo Tbilisi/ }).click();
    await page.getByRole('button', { name: 'Join Dinamo Tbilisi Community' }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
    await expect(page.getByText(text)).toBeVisible();
  } finally {
    await visitor.close();
    await author.context.close();
  }
});
