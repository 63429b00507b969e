import { expect, test } from '@playwright/test';
import { layoutProblems, settle } from '../support/layout';

// The sweep (layout-sweep.spec.ts) is only worth something if its checker can fail: each kind of defect it looks
// for is planted on a real screen, and must be reported; the screen without them must pass.
test('the layout checker reports planted overflow, cut, spilled and covered text, and passes a clean screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/legal/terms');
  await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  expect(await layoutProblems(page)).toEqual([]);

  // A 1000 px line that does not wrap: the page scrolls sideways and the text runs out of the window.
  await page.evaluate(() => {
    const span = document.createElement('span');
    span.id = 'planted-wide';
    span.style.cssText = 'display:inline-block;width:1000px;white-space:nowrap';
    span.textContent = 'A planted line a thousand pixels wide, that does not wrap on any phone at all';
    document.querySelector('main, body')!.prepend(span);
  });
  const wide = await layoutProblems(page);
  expect(wide).toContainEqual(expect.stringMatching(/^the page scrolls sideways: \d+px in 320px$/));
  expect(wide).toContainEqual(
    expect.stringMatching(/"A planted line a thousand pixels wide, that does n" runs out of the window/),
  );
  await page.evaluate(() => document.getElementById('planted-wide')!.remove());

  // A button whose label is cut by its own box, one whose label spills out of it, two cut with an ellipsis, a
  // placeholder too wide for its field, and a label under a badge drawn over it.
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'planted';
    box.style.cssText = 'position:relative;padding:8px;background:white';
    box.innerHTML = `
      <button style="width:60px;overflow:hidden;white-space:nowrap">Share on Telegram</button>
      <div style="width:60px;white-space:nowrap">Spills out of sixty pixels</div>
      <button style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Mark all read</button>
      <p style="width:80px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">A long nickname truncated</p>
      <button><span class="sr-only">Menu: </span><span style="display:inline-block;max-width:40px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Users and fans</span></button>
      <input style="width:120px" placeholder="Name, for the next event">
      <input style="width:120px" placeholder="Name">
      <p>Five unread</p>
      <div style="position:absolute;left:0;bottom:0;width:300px;height:30px;background:red">badge</div>`;
    document.querySelector('main, body')!.prepend(box);
  });
  const planted = await layoutProblems(page, { root: '#planted' });
  expect(planted).toContainEqual(expect.stringMatching(/^<button> "Share on Telegram" is cut$/));
  expect(planted).toContainEqual(expect.stringMatching(/^<div> "Spills out of sixty pixels" runs out of its box/));
  expect(planted).toContainEqual(
    expect.stringMatching(/^<button> "Mark all read" is cut \(an ellipsis on a control\)$/),
  );
  // A control's label cut with an ellipsis, beside words only a screen reader hears (the admin menu at 320 px).
  expect(planted).toContainEqual(
    expect.stringMatching(/^<span> "Users and fans" is cut \(an ellipsis on a control\)$/),
  );
  // A placeholder wider than its field (the live console's player field at 320 px); a short one fits.
  expect(planted).toContainEqual(
    expect.stringMatching(
      /^<input placeholder="Name, for the next event"> placeholder is cut: \d+px of text in \d+px$/,
    ),
  );
  expect(planted.join('\n')).not.toContain('placeholder="Name"');
  expect(planted).toContainEqual(expect.stringMatching(/^<p> "Five unread" is covered by <div> "badge"/));
  // An ellipsis on a fan's long name is a deliberate cut.
  expect(planted.join('\n')).not.toContain('A long nickname truncated');
});
