import type { Page } from '@playwright/test';

/**
 * Hostile strings for text fields: script tags, event handlers, URL schemes, SVG and MathML,
 * template and attribute breakouts, encodings. Each tries to run `window.__xss(n)`.
 */
const run = (n: number) => `window.__xss(${n})`;

const templates: Array<(n: number) => string> = [
  (n) => `<script>${run(n)}</script>`,
  (n) => `<img src=x onerror="${run(n)}">`,
  (n) => `<svg onload=${run(n)}>`,
  (n) => `<svg><script>${run(n)}</script></svg>`,
  (n) => `<iframe src="javascript:${run(n)}"></iframe>`,
  (n) => `<a href="javascript:${run(n)}">bấm</a>`,
  (n) => `"><script>${run(n)}</script>`,
  (n) => `'><img src=x onerror=${run(n)}>`,
  (n) => `<body onload=${run(n)}>`,
  (n) => `<details open ontoggle=${run(n)}>`,
  (n) => `<video><source onerror="${run(n)}"></video>`,
  (n) => `<math><mtext><img src=x onerror=${run(n)}></mtext></math>`,
  (n) => `<input autofocus onfocus=${run(n)}>`,
  (n) => `<marquee onstart=${run(n)}>`,
  (n) => `<object data="javascript:${run(n)}">`,
  (n) => `<embed src="javascript:${run(n)}">`,
  (n) => `<style>@import 'javascript:${run(n)}';</style>`,
  (n) => `<div style="background:url(javascript:${run(n)})">`,
  (n) => `{{constructor.constructor('${run(n)}')()}}`,
  (n) => `\${${run(n)}}`,
  (n) => `<scr<script>ipt>${run(n)}</script>`,
  (n) => `%3Cscript%3E${run(n)}%3C/script%3E`,
  (n) => `&lt;script&gt;${run(n)}&lt;/script&gt;`,
  (n) => `<img src=x onerror=&#x77;indow.__xss(${n})>`,
  (n) => `<a href="data:text/html,<script>${run(n)}</script>">x</a>`,
  (n) => `[bấm vào đây](javascript:${run(n)})`,
  (n) => `<svg><animate onbegin=${run(n)} attributeName=x dur=1s>`,
  (n) => `<form><button formaction="javascript:${run(n)}">Gửi</button></form>`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${run(n)}">`,
  (n) => `<base href="javascript:${run(n)}//">`,
  (n) => `<template><script>${run(n)}</script></template>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${run(n)}>">`,
  (n) => `\\u003cscript\\u003e${run(n)}\\u003c/script\\u003e`,
  (n) => `<a href="  jav&#x09;ascript:${run(n)}">Xem</a>`,
  (n) => `<svg><a xlink:href="javascript:${run(n)}"><text x="9" y="9">x</text></a></svg>`,
  (n) => `<div onpointerenter=${run(n)} style="position:fixed;inset:0">`,
  (n) => `<textarea autofocus onfocus=${run(n)}>`,
  (n) => `<select autofocus onfocus=${run(n)}></select>`,
  (n) => `<img srcset="x" onerror=${run(n)}>`,
  (n) => `<iframe srcdoc="<script>parent.__xss(${n})</script>">`,
  (n) => `Nguyễn Thị <b onmouseover=${run(n)}>Lan</b>`,
  (n) => `</title><script>${run(n)}</script>`,
  (n) => `<!--<img src="--><img src=x onerror=${run(n)}//">`,
  (n) => `<img src=x onerror=eval(atob('${Buffer.from(run(n)).toString('base64')}'))>`,
];

/** At least `count` distinct payloads, numbered so a run names the one that fired. */
export function xssPayloads(count: number): string[] {
  return Array.from({ length: count }, (_, n) => templates[n % templates.length]!(n));
}

/**
 * Makes `window.__xss(n)` record n in every page the browser opens from now on, and fails the
 * test if a page opens a dialog. Returns a reader of the numbers recorded so far.
 */
export async function watchForPayloads(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const recorder = window as unknown as { __fired: number[]; __xss: (n: number) => void };
    recorder.__fired = [];
    recorder.__xss = (n) => recorder.__fired.push(n);
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return () => page.evaluate(() => (window as unknown as { __fired: number[] }).__fired);
}
