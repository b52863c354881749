// The customer console's first paint: the header and the page's own heading drawn by the HTML itself, before the
// JavaScript arrives (issue 22's Largest Contentful Paint budget, ≤ 2.5 s on a slow 4G phone). On a phone the
// console's JavaScript takes seconds to download and start; until then a person sees the bar, the search box and
// the title of the page they asked for instead of a blank page. React replaces the shell when it first renders.
//
// The shell copies the console's measures (MUI theme: AppBar and Toolbar, Container lg, the home search Paper, the
// brand grid's heading, the results heading) so that the page does not jump when React takes over. Texts come from
// the message catalogue. Only two routes have a shell of their own (the home page and the product results: where
// people land); every other route shows the bar.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { es } from '../../contracts/src/messages/es.js';
import { HOME_EXAMPLES } from '../../contracts/src/catalog/examples.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Chooses the route's template and fills the results heading and box from `?search=` (as text, never as HTML).
 * Kept constant (texts live in data attributes) so that its hash in the deployment's Content-Security-Policy holds.
 */
export const SHELL_SCRIPT =
  "(function(){var p=location.pathname,id=p==='/'?'ts-home':p==='/catalogo/page/results'?'ts-results':'',t=id&&document.getElementById(id);if(!t)return;var n=t.content.cloneNode(true),q=new URLSearchParams(location.search).get('search')||'',h=n.querySelector('[data-search]'),i=n.querySelector('input[data-fill]');if(h)h.textContent=h.getAttribute('data-search').replace('{search}',function(){return q});if(i)i.value=q;document.getElementById('ts-c').appendChild(n)})()";

/** The script's hash as a Content-Security-Policy source ('sha256-…'), for nginx's `script-src`. */
export const SHELL_SCRIPT_CSP = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

const SHELL_CSS = `
body{margin:0;background:#f4f6f9;color:rgba(0,0,0,.87);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5;letter-spacing:.00938em;-webkit-font-smoothing:antialiased}
.ts-app{min-height:100vh;display:flex;flex-direction:column}
.ts-bar{position:sticky;top:0;z-index:1100;background:#0d47a1;color:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
.ts-bar-in{display:flex;align-items:center;gap:8px;min-height:56px;padding:0 16px;box-sizing:border-box}
@media (min-width:0) and (orientation:landscape){.ts-bar-in{min-height:48px}}
@media (min-width:600px){.ts-bar-in{min-height:64px;padding:0 24px}}
.ts-menu{width:48px;height:48px;margin-left:-12px;display:flex;align-items:center;justify-content:center}
.ts-menu i{display:block;width:18px;height:2px;background:#fff;box-shadow:0 -6px 0 #fff,0 6px 0 #fff}
@media (min-width:900px){.ts-menu{display:none}}
.ts-logo{display:flex;align-items:center;gap:8px;color:inherit;text-decoration:none;font-size:1.25rem;line-height:1.6;font-weight:800;letter-spacing:.5px}
.ts-main{flex-grow:1;min-height:100vh}
.ts-c{box-sizing:border-box;width:100%;max-width:1200px;margin:0 auto;padding:16px 12px}
@media (min-width:600px){.ts-c{padding:16px 24px}}
@media (min-width:900px){.ts-c{padding:24px}}
.ts-stack{display:flex;flex-direction:column}
.ts-paper{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:10px}
.ts-hero{padding:16px}
@media (min-width:900px){.ts-hero{padding:24px}}
.ts-h1{margin:0 0 4px;font-size:24px;font-weight:800;line-height:1.235;letter-spacing:.00735em}
@media (min-width:900px){.ts-h1{font-size:32px}}
.ts-help{margin:0 0 8px;color:rgba(0,0,0,.6)}
.ts-row{display:flex;flex-direction:column;gap:8px}
@media (min-width:600px){.ts-row{flex-direction:row}}
.ts-field{position:relative;flex:1;display:flex}
.ts-field svg{position:absolute;left:14px;top:16px}
.ts-input{flex:1;height:56px;box-sizing:border-box;border:1px solid rgba(0,0,0,.23);border-radius:10px;padding:16.5px 14px 16.5px 46px;font:inherit;color:inherit;background:#fff;width:100%;min-width:0}
.ts-button{height:42px;padding:8px 32px;border:0;border-radius:10px;background:#0d47a1;color:#fff;font:inherit;font-size:.9375rem;font-weight:600;white-space:nowrap}
.ts-after{margin-top:8px;min-height:32px}
@media (min-width:600px){.ts-button{height:auto}}
.ts-examples{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:16px;font-size:.875rem;line-height:1.43;color:rgba(0,0,0,.6)}
.ts-chip{display:inline-flex;align-items:center;height:24px;box-sizing:border-box;padding:0 7px;border:1px solid #bdbdbd;border-radius:16px;font-size:.8125rem;color:rgba(0,0,0,.87)}
.ts-h2{margin:0;font-size:1.5rem;font-weight:700;line-height:1.334}
.ts-note{margin:0;font-size:.875rem;line-height:1.43;letter-spacing:.01071em;color:rgba(0,0,0,.6)}
.ts-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin-top:16px}
@media (min-width:600px){.ts-grid{grid-template-columns:repeat(4,1fr)}}
@media (min-width:900px){.ts-grid{grid-template-columns:repeat(6,1fr)}}
.ts-tile{height:104px;border-radius:10px;background:rgba(0,0,0,.11)}
.ts-compact{padding:12px}
.ts-results{padding:12px}
@media (min-width:900px){.ts-results{padding:16px}}
.ts-h1r{margin:0 0 8px;font-size:1.5rem;font-weight:700;line-height:1.334;word-break:break-word}
.ts-line{height:72px;border-radius:10px;background:rgba(0,0,0,.11);margin-top:8px}
`
  .trim()
  .replace(/\n/g, '');

/** The search icon's outline (Material Icons 'Search', as the console's adornment draws it). */
const SEARCH_ICON =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';

function shellHtml(): string {
  const c = es.customerConsole;
  const searchBox = (fill: boolean) =>
    `<div class="ts-row"><span class="ts-field"><svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path fill="rgba(0,0,0,.54)" d="${SEARCH_ICON}"/></svg><input class="ts-input" type="search" maxlength="120" aria-label="${escapeHtml(c.homeSearchLabel)}" placeholder="${escapeHtml(
      c.homeSearchPlaceholder,
    )}"${fill ? ' data-fill' : ''}></span><button class="ts-button" type="button" disabled>${escapeHtml(es.common.search)}</button></div><div class="ts-after"></div>`;
  const tiles = '<div class="ts-tile"></div>'.repeat(12);
  const examples = (
    [
      [c.homeExampleText, HOME_EXAMPLES.text],
      [c.homeExamplePartNumber, HOME_EXAMPLES.partNumber],
      [c.homeExamplePlate, HOME_EXAMPLES.plate],
    ] as const
  )
    .map(([label, example]) => `<span class="ts-chip">${escapeHtml(label.replace('{example}', example))}</span>`)
    .join('');
  const home =
    `<template id="ts-home"><div class="ts-stack" style="gap:24px">` +
    `<div class="ts-paper ts-hero"><h1 class="ts-h1">${escapeHtml(c.homeTitle)}</h1><p class="ts-help">${escapeHtml(c.homeSearchHelp)}</p>` +
    `<div class="ts-examples"><span>${escapeHtml(c.homeExamples)}</span>${examples}</div>${searchBox(false)}</div>` +
    `<section><h2 class="ts-h2">${escapeHtml(es.catalog.title)}</h2><p class="ts-note">${escapeHtml(es.catalog.brandsCoverage)}</p>` +
    `<div class="ts-grid" aria-hidden="true">${tiles}</div></section></div></template>`;
  const results =
    `<template id="ts-results"><div class="ts-stack" style="gap:16px">` +
    `<div class="ts-paper ts-compact">${searchBox(true)}</div>` +
    `<div class="ts-paper ts-results"><h1 class="ts-h1r" data-search="${escapeHtml(c.resultsTitle)}"></h1>` +
    `${'<div class="ts-line"></div>'.repeat(4)}</div></div></template>`;
  const logo =
    '<svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true"><polygon points="32,4 56,18 56,46 32,60 8,46 8,18" fill="#fff"/><circle cx="32" cy="32" r="11" fill="#0d47a1"/></svg>';
  return (
    `<div class="ts-app"><header class="ts-bar"><div class="ts-bar-in"><span class="ts-menu"><i></i></span>` +
    `<a class="ts-logo" href="/">${logo}<span>${escapeHtml(c.appName)}</span></a></div></header>` +
    `<main class="ts-main"><div class="ts-c" id="ts-c"></div></main></div>${home}${results}<script>${SHELL_SCRIPT}</script>`
  );
}

/** Vite plugin: the shell's CSS in the head and its markup inside `#root` of index.html. */
export function appShell(): Plugin {
  return {
    name: 'tuerca-app-shell',
    transformIndexHtml(html) {
      return html
        .replace('</head>', `<style>${SHELL_CSS}</style></head>`)
        .replace('<div id="root"></div>', `<div id="root">${shellHtml()}</div>`);
    },
  };
}
