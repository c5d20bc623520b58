/**
 * The first screen before any JavaScript file arrives (issue 16: no blank page on a slow link),
 * a Vite plugin that rewrites the built index.html:
 *
 * - The stylesheet is inlined (`<style>`), so the first paint needs index.html alone; it is
 *   revalidated with an ETag (static-web.ts), so a returning visit costs a 304, not the bytes.
 * - `#root` holds a shell: the header (logo, skeletons where the buttons go) and, below it, what
 *   the inline script puts for this address: on `/` signed out, the landing page's hero in the
 *   member's language with a working "Get Started" button (pressing it before the app has loaded
 *   is remembered and opens the sign-up dialog when it has: `window.__ikiminaIntent`); elsewhere
 *   skeleton blocks. React replaces the whole shell on its first render.
 * - The script also sets the theme and `<html lang>` before the first paint, and adds
 *   `<link rel="modulepreload">` for the chunks of the address's route (`ROUTE_CHUNKS`), so they
 *   download beside the entry instead of after it.
 *
 * Texts come from the locale files at build time: nothing is written twice.
 */
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { en } from '../src/locales/en.ts';
import { fr } from '../src/locales/fr.ts';
import { rw } from '../src/locales/rw.ts';
import { sw } from '../src/locales/sw.ts';

/**
 * Which route modules an address needs (the lazy imports of router.tsx and home.tsx). A new page
 * may add its line here to have its chunk preloaded; one without a line still works, it only
 * loads its chunk after the entry.
 */
export const ROUTE_CHUNKS: Record<string, string[]> = {
  '/': ['src/app/routes/home.tsx', 'src/app/routes/landing.tsx'],
  '/dashboard': ['src/app/routes/dashboard.tsx'],
  '/tontines': ['src/app/routes/tontines.tsx'],
  '/loans': ['src/app/routes/loans.tsx'],
  '/profile': ['src/app/routes/profile.tsx'],
  '/security': ['src/app/routes/security.tsx'],
};

/**
 * The API answers an address's screen asks for as it opens, started by the inline script before
 * any JavaScript file has arrived (issue 16: on the slow link the dashboard's calls otherwise
 * waited about 6 s for the entry and the route's chunks, then a round trip more). Only GETs, with
 * the stored token as api-client.ts would send it; `signedIn` lists only with a stored session.
 * api-client.ts takes each answer once (`takePrefetched`); one nobody asks for is dropped. Once
 * an answer has arrived its JSON is read too (`arrived`), so that a screen's first render can show
 * it at once (`prefetchedInitialData`: no skeletons, then a second render). A path
 * the screen stops asking for only costs a request: keep the lists in step with the screens
 * (tests/e2e/web-speed.test.ts checks the dashboard's).
 */
export const ROUTE_DATA: Record<string, { signedIn: boolean; paths: string[] }> = {
  '/dashboard': {
    signedIn: true,
    paths: ['/api/user', '/api/dashboard/summary', '/api/tontines/user', '/api/loans/summary', '/api/loans/eligibility', '/api/credit-score', '/api/loans', '/api/loans/recommendations'],
  },
  '/tontines': { signedIn: false, paths: ['/api/tontines'] },
};

const texts = Object.fromEntries(
  Object.entries({ en, fr, rw, sw }).map(([code, m]) => [
    code,
    { badge: m.landing.hero.badge, title: m.landing.hero.title, subtitle: m.landing.hero.subtitle, cta: m.landing.hero.getStarted },
  ]),
);

const SKELETON = 'rounded-lg bg-muted';

/** The header as header.tsx draws it, with grey blocks where its controls will be. */
const HEADER = `<header class="sticky top-0 z-40 border-b border-border bg-background/85"><div class="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8"><a href="/" class="mr-2 flex items-center gap-2 sm:mr-4" aria-label="Ikimina"><svg viewBox="0 0 32 32" class="size-8 shrink-0" aria-hidden="true"><rect width="32" height="32" rx="9" class="fill-primary"/><circle cx="16" cy="16" r="8.5" fill="none" stroke-width="3" class="stroke-accent"/><circle cx="16" cy="7.5" r="2.6" class="fill-primary-foreground"/><circle cx="23.4" cy="20.25" r="2.6" class="fill-primary-foreground"/><circle cx="8.6" cy="20.25" r="2.6" class="fill-primary-foreground"/></svg><span class="text-lg font-bold tracking-tight">Ikimina</span></a><div class="ml-auto flex items-center gap-2"><span class="h-9 w-12 ${SKELETON}"></span><span class="h-9 w-20 ${SKELETON}"></span></div></div></header>`;

/** Skeleton blocks for a data screen: a title, four figures, a list. */
const SKELETON_MAIN = `<div class="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:px-8" role="status" aria-busy="true"><span class="h-8 w-48 ${SKELETON} animate-pulse"></span><div class="grid grid-cols-2 gap-4 lg:grid-cols-4"><span class="h-24 ${SKELETON} animate-pulse"></span><span class="h-24 ${SKELETON} animate-pulse"></span><span class="h-24 ${SKELETON} animate-pulse"></span><span class="h-24 ${SKELETON} animate-pulse"></span></div><span class="h-48 ${SKELETON} animate-pulse"></span></div>`;

/** The landing page's hero (landing-page.tsx), its words filled in by the script. */
const HERO = `<section class="relative overflow-hidden bg-gradient-to-br from-hero-from via-background to-hero-to"><div class="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 md:pt-20 lg:px-8"><div><span class="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-background/70 px-3 py-1 text-sm font-medium text-primary" data-shell-text="badge"></span><h1 class="mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-balance sm:text-5xl lg:text-6xl" data-shell-text="title"></h1><p class="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground text-pretty" data-shell-text="subtitle"></p><div class="mt-8 flex flex-wrap gap-3"><button type="button" class="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-primary px-6 text-base font-medium text-primary-foreground shadow-sm" data-shell-action="register" data-testid="shell-get-started" data-shell-text="cta"></button></div></div></div></section>`;

function script(chunks: Record<string, string[]>): string {
  // Kept small and old-fashioned: it runs before anything else, on every page.
  return `(function(){var d=document,h=d.documentElement,l=localStorage,T=${JSON.stringify(texts)},C=${JSON.stringify(chunks)};
function base(v){v=(v||'').toLowerCase().split('-')[0];return T[v]?v:null}
var u=null;try{u=JSON.parse(l.getItem('ikimina_user')||'null')}catch(e){}
var lang=base(l.getItem('ikimina_language'))||base(u&&u.language);if(!lang){for(var i=0;i<(navigator.languages||[]).length&&!lang;i++)lang=base(navigator.languages[i])}lang=lang||'en';h.lang=lang;
var th=l.getItem('ikimina_theme');if(th==='dark'||(th!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))h.classList.add('dark');
var p=location.pathname.replace(/\\/+$/,'')||'/',signed=l.getItem('ikimina_token')!==null,m=d.getElementById('shell-main');
(C[p]||[]).forEach(function(f){var k=d.createElement('link');k.rel='modulepreload';k.href=f;d.head.appendChild(k)});
var D=${JSON.stringify(ROUTE_DATA)}[p],tk=l.getItem('ikimina_token');if(D&&window.fetch&&(signed||!D.signedIn)){var P=window.__ikiminaPrefetch={};D.paths.forEach(function(a){var hd={Accept:'application/json'};if(tk!==null)hd.Authorization='Bearer '+tk;var e=P[a]={token:tk,at:Date.now(),response:fetch(a,{headers:hd,credentials:'include'})};e.response.then(function(r){return r.clone().json().then(function(j){e.arrived={status:r.status,body:j}})}).catch(function(){})})}
if(p==='/'&&!signed){m.innerHTML=${JSON.stringify(HERO)};var t=T[lang];m.querySelectorAll('[data-shell-text]').forEach(function(e){e.textContent=t[e.getAttribute('data-shell-text')]});
m.querySelector('[data-shell-action]').addEventListener('click',function(e){window.__ikiminaIntent='register';e.currentTarget.setAttribute('aria-busy','true');e.currentTarget.style.opacity='0.7'})}
else m.innerHTML=${JSON.stringify(SKELETON_MAIN)};})();`;
}

function chunkFiles(bundle: OutputBundle, modules: string[], root: string): string[] {
  const byModule = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.facadeModuleId) byModule.set(output.facadeModuleId.slice(root.length + 1), output);
  }
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) visit(bundle[imported] as OutputChunk | undefined);
  };
  for (const module of modules) visit(byModule.get(module));
  return [...files].map((file) => `/${file}`);
}

export function inlineShell(): Plugin {
  let root = '';
  /** The stylesheets taken out of the bundle, to be inlined: no file, no preload dependency. */
  const stylesheets: string[] = [];
  return {
    name: 'ikimina-inline-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // Before Vite writes the preload lists of the lazy imports and index.html's <link>s: a
    // stylesheet left attached to the entry became a preload dependency of every chunk importing
    // the entry, so a visit to / fetched the inlined stylesheet again (9 kB) and the landing
    // chunk waited for it. Taken out here, inlined below.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        stylesheets.length = 0;
        for (const output of Object.values(bundle)) {
          const css = output.type === 'chunk' ? output.viteMetadata?.importedCss : undefined;
          if (!css) continue;
          for (const file of css) {
            const asset = bundle[file];
            if (asset?.type === 'asset') stylesheets.push(String(asset.source));
            delete bundle[file];
          }
          css.clear();
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entryImports = new Set<string>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) for (const f of [output.fileName, ...output.imports]) entryImports.add(`/${f}`);
        const chunks = Object.fromEntries(Object.entries(ROUTE_CHUNKS).map(([path, modules]) => [path, chunkFiles(bundle, modules, root).filter((f) => !entryImports.has(f))]));
        // The stylesheet inlined: the first paint then needs nothing but this file.
        let out = html.replace('</head>', `<style>${stylesheets.join('\n')}</style></head>`);
        out = out.replace('<div id="root"></div>', `<div id="root">${HEADER}<main id="shell-main"></main></div><script>${script(chunks)}</script>`);
        return out;
      },
    },
  };
}
