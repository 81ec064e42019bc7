//! `site.css`: the one style sheet, written beside the pages.

/// The style sheet.
pub const CSS: &str = r#":root {
  --met: #b7e4c0; --missed: #f4a9a8; --error: #c9a0dc; --open: #fde7a8; --departed: #f8cfa0; --reading: #cfe3f7; --na: #e8e8e8;
  --ink: #1d2327; --muted: #5f6b73; --line: #d8dde1; --accent: #1f5fa8;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fafbfc; }
nav { display: flex; gap: 1.2em; align-items: baseline; padding: .6em 1.2em; background: #22303c; }
nav a { color: #dfe8ef; text-decoration: none; }
nav a:hover { text-decoration: underline; }
nav .brand { font-weight: 700; color: #fff; margin-right: 1em; }
main { padding: 1em 1.2em 2em; max-width: 1400px; }
footer { padding: 1em 1.2em; color: var(--muted); font-size: 13px; border-top: 1px solid var(--line); }
footer dl.stamp { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em; margin: 0 0 .5em; }
footer dl.stamp dt { font-weight: 600; }
footer dl.stamp dd { margin: 0; }
h1 { font-size: 1.6em; margin: .3em 0 .4em; }
h2 { font-size: 1.25em; margin-top: 1.6em; }
h1, h2, h3, h4 { line-height: 1.25; }
a { color: var(--accent); }
small { color: var(--muted); font-weight: normal; }
code { font: 13px/1.3 ui-monospace, "DejaVu Sans Mono", monospace; background: #eef1f4; padding: 0 .25em; border-radius: 3px; }
.lead { color: #34414a; max-width: 75em; }
.wide { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; background: #fff; }
th, td { border: 1px solid var(--line); padding: .25em .5em; vertical-align: top; text-align: left; }
thead th { background: #eef1f4; }
td.num, th.num { text-align: right; }
.m { background: var(--met); } .x { background: var(--missed); } .e { background: var(--error); }
.d { background: var(--departed); } .r { background: var(--reading); }
.i { background: var(--open); } .n { background: var(--na); color: var(--muted); }
.legend span { display: inline-block; padding: .1em .6em; margin-right: .4em; border-radius: 3px; font-size: 13px; }
/* overview */
table.scores th { cursor: pointer; user-select: none; white-space: nowrap; }
table.scores th[aria-sort=descending]::after { content: " ▾"; }
table.scores th[aria-sort=ascending]::after { content: " ▴"; }
td.score { position: relative; min-width: 11em; padding: 0; }
td.score .bar { position: absolute; left: 0; top: 0; bottom: 0; opacity: .85; }
td.score .num { position: relative; display: block; padding: .25em .5em; text-align: right; font-variant-numeric: tabular-nums; text-shadow: 0 0 3px #fff, 0 0 3px #fff; }
td.score[data-v="-1"] { text-align: center; vertical-align: middle; color: var(--muted); }
td.score.claimed { outline: 2px solid #22303c; outline-offset: -2px; }
.bar.full { background: #5fbf77; } .bar.high { background: #9fd8a5; } .bar.mid { background: #f5d27a; } .bar.low { background: #f0918f; }
table.heat td { text-align: center; min-width: 3.2em; font-variant-numeric: tabular-nums; font-size: 13px; }
table.heat td.none { background: #f4f4f4; }
table.heat thead th { font-size: 13px; white-space: nowrap; }
table.heat tbody th { white-space: nowrap; font-weight: 600; }
.notrun { margin: 1em 0; color: var(--muted); }
/* matrix */
form.filters { display: flex; flex-wrap: wrap; gap: .5em 1.2em; align-items: center; padding: .6em .8em;
  background: #fff; border: 1px solid var(--line); border-radius: 4px; margin-bottom: .6em; }
form.filters output { margin-left: auto; font-weight: 600; }
.grid-wrap { max-height: 78vh; overflow: auto; border: 1px solid var(--line); }
table.grid { font-size: 12px; }
table.grid thead th { position: sticky; top: 0; z-index: 2; height: 9.5em; vertical-align: bottom; padding: .2em 0; min-width: 1.9em; }
table.grid thead th span { display: inline-block; writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; padding: .2em 0; }
table.grid thead th.corner { left: 0; z-index: 3; vertical-align: bottom; padding: .3em .5em; }
table.grid tbody th { position: sticky; left: 0; z-index: 1; background: #fff; font-weight: normal; white-space: nowrap;
  max-width: 30em; overflow: hidden; text-overflow: ellipsis; }
table.grid td { text-align: center; padding: .1em .25em; font-family: ui-monospace, monospace; }
table.grid tbody tr:hover th, table.grid tbody tr:hover td { filter: brightness(.93); }
/* case */
.crumbs { color: var(--muted); margin: 0; }
.why { max-width: 75em; }
ol.body { font: 13px/1.5 ui-monospace, "DejaVu Sans Mono", monospace; background: #fff; border: 1px solid var(--line);
  padding: .4em .6em .4em 3.6em; margin: 0; white-space: pre-wrap; word-break: break-all; }
ol.body li::marker { color: #98a4ad; }
.ctl, .bad { border-radius: 2px; padding: 0 2px; font-size: 11px; }
.ctl { background: #dbe7f6; color: #1f4f86; } .bad { background: #f6cfcf; color: #8a1f1f; }
.trail { color: #c05a00; }
section.check { margin-top: 1.4em; padding-top: .2em; border-top: 1px solid var(--line); }
table.expect, table.verdicts { margin: .5em 0; font-size: 14px; }
table.verdicts tbody tr:nth-child(even) td:first-child { background: #fbfbfc; }
/* parser, readings */
main > h3 { margin-top: 1.8em; padding: .3em .5em; background: #eef1f4; border-left: 4px solid #22303c; font-size: 1.1em; }
main > h4 { margin: 1.4em 0 .3em; padding-left: .5em; border-left: 3px solid var(--accent); font-size: 1em; }
pre.code { background: #fff; border: 1px solid var(--line); padding: .5em .7em; overflow-x: auto; font: 13px/1.45 ui-monospace, monospace; }
table.md { font-size: 14px; margin: .4em 0; }
ul.misses { columns: 2 32em; font-size: 14px; }
table.readings td { font-size: 13px; }
table.readings td.question { min-width: 22em; max-width: 34em; }
table.readings ul.options { margin: 0; padding-left: 1.1em; min-width: 18em; }
.badge { display: inline-block; background: #22303c; color: #fff; border-radius: 3px; padding: 0 .4em; font-size: 11px; }
table.readings td.m, table.readings td.x, table.readings td.i, table.readings td.n { font-family: ui-monospace, monospace; word-break: break-all; min-width: 3em; }
th.rot { vertical-align: bottom; }
th.rot span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-size: 13px; }
"#;
