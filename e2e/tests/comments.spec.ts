import { expect, test } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';

test('a fan edits, deletes and likes comments; an administrator removes a reported one', async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newFan(browser, { nickname: `ana_${Date.now().toString(36)}` });
  const beka = await newFan(browser, { nickname: `beka_${Date.now().toString(36)}` });
  const admin = await administrator(browser);
  try {
    await joinDinamo(ana);
    await joinDinamo(beka);
    const created = await ana.page.request.post('/api/posts', { data: { text: `Comments journey ${Date.now()}` } });
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    const rude = `Rude words ${Date.now().toString(36)}`;
    const bekas = (await (
      await beka.page.request.post(`/api/posts/${postId}/comments`, { data: { body: rude } })
    ).json()) as { comment: { id: string } };
    await ana.page.request.post(`/api/posts/${postId}/comments`, { data: { body: 'Kvara scores twice' } });

    const page = ana.page;
    await page.goto(`/post/${postId}`);
    const mine = page.getByRole('listitem').filter({ hasText: 'Kvara scores twice' });
    await mine.getByRole('button', { name: 'Comment options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit your comment' }).fill('Kvara scores three times');
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByRole('listitem').filter({ hasText: 'Kvara scores three times' });
    await expect(edited.getByText('edited')).toBeVisible();

    // Liking Beka's comment.
    const theirs = page.getByRole('listitem').filter({ hasText: rude });
    const like = theirs.getByRole('button', { name: 'Like comment' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText('1');

    // Deleting her own, after confirming.
    await edited.getByRole('button', { name: 'Comment options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Kvara scores three times')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(rude)).toBeVisible();
    await expect(page.getByText('Kvara scores three times')).toHaveCount(0);

    // Ana reports Beka's comment; the administrator removes it from the review.
    expect(
      (await page.request.post('/api/reports', { data: { targetType: 'comment', targetId: bekas.comment.id } })).ok(),
    ).toBe(true);
    await admin.page.goto('/admin/reports');
    const card = admin.page.getByRole('article').filter({ hasText: rude });
    await card.getByRole('button', { name: 'Review' }).click();
    await admin.page.getByRole('button', { name: 'Remove Comment' }).click();
    await admin.page
      .getByRole('alertdialog', { name: 'Remove this comment?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(admin.page.getByText('Comment removed and case resolved')).toBeVisible();
    await page.reload();
    await expect(page.getByText(rude)).toHaveCount(0);
  } finally {
    await ana.context.close();
    await beka.context.close();
    await admin.context.close();
  }
});
