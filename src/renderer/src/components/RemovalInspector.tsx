// The removal inspector: every element the rules removed, grouped by category and rule, led by
// what cut the most readable text; categories and rules fold, and those that remove no text at all
// (scripts, styles, empty elements) start folded. A filter finds elements by tag, rule, reason or
// content. Keep an element, a rule, or keep an element on every page of the site; switch
// categories off; select an element to see it in the original pane. On a short window the
// inspector starts folded, and never takes more than what leaves the panes half the height.
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { siteOf } from '../../../shared/site-keeps';
import { categoryHint, categoryLabel, CATEGORIES } from '../lib/categories';
import { formatBytes, formatCount } from '../lib/format';
import { type CategoryGroup, groupRemovals, readableRemoved, type RemovalEntry, type RuleGroup } from '../lib/removals';
import { useApp } from '../store/app-store';
import { useWindowHeight } from './use-width';
import { VirtualList } from './VirtualList';

/** Below this window height the inspector starts folded. */
const SHORT_WINDOW_PX = 560;
/** Toolbar, status, export bar and gaps: what the window spends besides the panes and the inspector. */
const CHROME_PX = 150;

/** The height the inspector may take: the panes keep at least half the window. */
export function inspectorMaxHeight(windowHeight: number): number {
  return Math.max(96, Math.round(windowHeight / 2 - CHROME_PX));
}

function KeepButton({ kept, onClick, label, testId }: { kept: boolean; onClick: () => void; label: string; testId: string }) {
  return (
    <button
      type="button"
      className={`keep ${kept ? 'kept' : ''}`}
      aria-pressed={kept}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      title={kept ? `Drop it again (${label})` : `Keep it in the output (${label})`}
      data-testid={testId}
    >
      {kept ? '✓ Kept' : 'Keep'}
    </button>
  );
}

/** One line of the list: a category heading, a rule with its keep toggle, or a removed element. */
type Line =
  | { kind: 'category'; group: CategoryGroup; open: boolean }
  | { kind: 'rule'; category: CategoryGroup['category']; group: RuleGroup; open: boolean }
  | { kind: 'element'; entry: RemovalEntry };

const LINE_HEIGHT: Record<Line['kind'], number> = { category: 32, rule: 30, element: 28 };
const lineHeight = (line: Line) => LINE_HEIGHT[line.kind];
const lineKey = (line: Line) => (line.kind === 'category' ? `c:${line.group.category}` : line.kind === 'rule' ? `r:${line.group.ruleId}` : `e:${line.entry.node.path}`);

/** What the user folded or unfolded, over the defaults (noise folded, the rest open). */
type Overrides = Readonly<Record<string, boolean>>;

function flatten(groups: CategoryGroup[], overrides: Overrides, filtering: boolean): Line[] {
  const lines: Line[] = [];
  for (const group of groups) {
    // A category that removed nothing has only its chip; switched off, it says so here too.
    if (group.rules.length === 0 && (filtering || group.on)) continue;
    const open = filtering || (overrides[`c:${group.category}`] ?? !group.noise);
    lines.push({ kind: 'category', group, open });
    if (!open) continue;
    for (const rule of group.rules) {
      const ruleOpen = filtering || (overrides[`r:${rule.ruleId}`] ?? !rule.noise);
      lines.push({ kind: 'rule', category: group.category, group: rule, open: ruleOpen });
      if (ruleOpen) for (const entry of rule.entries) lines.push({ kind: 'element', entry });
    }
  }
  return lines;
}

function size(readable: number, noise: boolean, htmlBytes?: number): string {
  if (!noise) return `${formatCount(readable)} chars`;
  return htmlBytes !== undefined ? `no text · ${formatBytes(htmlBytes)}` : 'no text';
}

function ElementRow({ entry, site }: { entry: RemovalEntry; site: string | null }) {
  const selected = useApp((s) => s.selectedPath === entry.node.path);
  const select = useApp((s) => s.select);
  const toggleKeepElement = useApp((s) => s.toggleKeepElement);
  const toggleSiteKeep = useApp((s) => s.toggleSiteKeep);
  const { node } = entry;
  const htmlSize = node.source ? node.source.end - node.source.start : node.excerpt.length;
  return (
    <div
      className={`removal cat-${node.category} ${selected ? 'selected' : ''} ${entry.kept ? 'is-kept' : ''}`}
      onClick={() => select(selected ? null : node.path)}
      role="option"
      aria-selected={selected}
      data-testid="removal"
      data-path={node.path}
      data-rule={node.ruleId}
      data-tag={node.tag}
    >
      <span className="tag-badge" title={node.path}>
        &lt;{node.tag}&gt;
      </span>
      <span className="removal-reason" title={`${node.reason}\n${node.path}`}>
        {node.reason}
      </span>
      <span className="removal-size" title={`${formatCount(entry.readable)} characters of text · ${formatBytes(htmlSize)} of HTML`}>
        {entry.readable > 0 ? `${formatCount(entry.readable)} chars` : `${formatBytes(htmlSize)} HTML`}
      </span>
      <code className="removal-excerpt" title={node.excerpt}>
        {node.excerpt}
      </code>
      <span className="removal-actions">
        <KeepButton kept={entry.kept !== false} onClick={() => (entry.kept === 'rule' ? undefined : toggleKeepElement(node))} label="this element" testId="keep-element" />
        {site && (
          <button
            type="button"
            className={`always ${entry.site ? 'on' : ''}`}
            aria-pressed={entry.site}
            onClick={(event) => {
              event.stopPropagation();
              toggleSiteKeep(node);
            }}
            title={entry.site ? `Kept on every page of ${site}: click to stop` : `Always keep this on ${site}`}
            aria-label={entry.site ? `Stop keeping this on every page of ${site}` : `Always keep this on ${site}`}
            data-testid="keep-site"
          >
            {entry.site ? '★' : '☆'}
          </button>
        )}
      </span>
    </div>
  );
}

function RuleRow({ line, onToggleOpen }: { line: Extract<Line, { kind: 'rule' }>; onToggleOpen: () => void }) {
  const toggleKeepRule = useApp((s) => s.toggleKeepRule);
  const { group } = line;
  return (
    <div className={`rule-header cat-${line.category} ${group.noise ? 'noise' : ''}`} data-testid="rule-group" data-rule={group.ruleId} data-open={line.open}>
      <button type="button" className="disclosure" aria-expanded={line.open} onClick={onToggleOpen} aria-label={line.open ? `Hide what ${group.ruleId} removed` : `Show what ${group.ruleId} removed`} data-testid="rule-disclosure">
        {line.open ? '▾' : '▸'}
      </button>
      <code className="rule-id">{group.ruleId}</code>
      <span className="rule-describe" title={group.describe}>
        {group.describe}
      </span>
      <span className="rule-size">{size(group.readable, group.noise)}</span>
      <span className="count-badge">{group.entries.length}</span>
      <KeepButton kept={group.ruleKept} onClick={() => toggleKeepRule(group.ruleId)} label="everything this rule removes" testId="keep-rule" />
    </div>
  );
}

function CategoryRow({ line, onToggleOpen }: { line: Extract<Line, { kind: 'category' }>; onToggleOpen: () => void }) {
  const { group, open } = line;
  return (
    <h3 className={`category-header cat-${group.category}`} data-testid={`category-${group.category}`} data-open={open}>
      <button type="button" className="category-toggle" aria-expanded={open} onClick={onToggleOpen} data-testid="category-disclosure">
        <span className="disclosure-icon" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="cat-dot" aria-hidden="true" />
        {categoryLabel(group.category)}
        <span className="muted">
          {group.on ? `${group.removed} removed · ${group.noise ? 'no text' : `${formatCount(group.readable)} chars`} · ${categoryHint(group.category)}` : 'switched off: these rules remove nothing'}
        </span>
      </button>
    </h3>
  );
}

function RemovalList({ groups, filtering, site }: { groups: CategoryGroup[]; filtering: boolean; site: string | null }) {
  const [overrides, setOverrides] = useState<Overrides>({});
  const selectedPath = useApp((s) => s.selectedPath);
  const lines = useMemo(() => flatten(groups, overrides, filtering), [groups, overrides, filtering]);
  // Selected in the original pane: bring its line into view here too.
  const reveal = useMemo(() => (selectedPath ? lines.findIndex((line) => line.kind === 'element' && line.entry.node.path === selectedPath) : -1), [lines, selectedPath]);
  const toggle = (key: string, open: boolean) => setOverrides((current) => ({ ...current, [key]: !open }));
  if (lines.length === 0) {
    return (
      <div className="inspector-body">
        <p className="muted inspector-empty" data-testid="removals-none">
          {filtering ? 'No removed element matches the filter.' : 'Nothing was removed.'}
        </p>
      </div>
    );
  }
  return (
    <VirtualList
      className="inspector-body"
      items={lines}
      heightOf={lineHeight}
      keyOf={lineKey}
      reveal={reveal}
      render={(line) =>
        line.kind === 'category' ? (
          <CategoryRow line={line} onToggleOpen={() => toggle(`c:${line.group.category}`, line.open)} />
        ) : line.kind === 'rule' ? (
          <RuleRow line={line} onToggleOpen={() => toggle(`r:${line.group.ruleId}`, line.open)} />
        ) : (
          <ElementRow entry={line.entry} site={site} />
        )
      }
    />
  );
}

function CategorySwitch({ group }: { group: CategoryGroup }) {
  const setCategory = useApp((s) => s.setCategory);
  return (
    <label className={`chip cat-${group.category} ${group.on ? '' : 'off'}`} title={`${categoryLabel(group.category)}: ${categoryHint(group.category)}`}>
      <input type="checkbox" role="switch" checked={group.on} onChange={(event) => setCategory(group.category, event.target.checked)} data-testid={`category-switch-${group.category}`} />
      <span className="cat-dot" aria-hidden="true" />
      {categoryLabel(group.category)}
      <strong data-testid={`category-count-${group.category}`}>{group.on ? group.removed : 'off'}</strong>
    </label>
  );
}

export function RemovalInspector() {
  const removed = useApp((s) => s.result?.removed);
  const keep = useApp((s) => s.keep);
  const rules = useApp((s) => s.rules);
  const pageUrl = useApp((s) => s.page?.url);
  const finalUrl = useApp((s) => s.page?.finalUrl);
  const siteKeeps = useApp((s) => s.settings.siteKeeps);
  const storedHeight = useApp((s) => s.settings.layout.inspectorHeight);
  const storedOpen = useApp((s) => s.settings.layout.inspectorOpen);
  const updateLayout = useApp((s) => s.updateLayout);
  const windowHeight = useWindowHeight();
  const [filter, setFilter] = useState('');
  const [openWhileShort, setOpenWhileShort] = useState(false);
  const short = windowHeight < SHORT_WINDOW_PX;
  const open = short ? openWhileShort : storedOpen;
  const height = Math.min(storedHeight, inspectorMaxHeight(windowHeight));
  const site = siteOf(pageUrl) ?? siteOf(finalUrl);
  const sitePaths = useMemo(() => new Set((site ? siteKeeps[site] ?? [] : []).map((k) => k.path)), [site, siteKeeps]);
  const groups = useMemo(() => groupRemovals(removed ?? [], keep, rules, { sitePaths, filter }), [removed, keep, rules, sitePaths, filter]);
  // The chips list every category, whatever the filter.
  const chips = useMemo(() => [...groups].sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category)), [groups]);
  const readable = useMemo(() => readableRemoved(removed ?? []), [removed]);
  const drag = useRef<{ y: number; height: number } | null>(null);

  // On a short window, opening it is for now: the stored choice is for windows it fits.
  const setOpen = (next: boolean) => (short ? setOpenWhileShort(next) : updateLayout({ inspectorOpen: next }));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { y: event.clientY, height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    updateLayout({ inspectorHeight: Math.round(Math.min(inspectorMaxHeight(window.innerHeight), Math.max(96, drag.current.height - (event.clientY - drag.current.y)))) });
  };

  return (
    <section className={`inspector ${open ? '' : 'closed'}`} style={open ? { height } : undefined} data-testid="inspector" aria-label="Removed elements" data-region="inspector">
      {open && <div className="hsplitter" role="separator" aria-orientation="horizontal" aria-label="Resize the inspector" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => (drag.current = null)} />}
      <header className="inspector-header">
        <button type="button" className="disclosure" aria-expanded={open} onClick={() => setOpen(!open)} title={open ? 'Hide the list' : 'Show the list'} data-testid="inspector-toggle" data-focus={open ? undefined : ''}>
          {open ? '▾' : '▸'}
        </button>
        <h2>Removed</h2>
        <span className="count-badge strong" data-testid="removed-count">
          {removed?.length ?? 0}
        </span>
        {removed && (
          <span className="muted removed-text" title="Readable text the rules removed (scripts and styles are not text)" data-testid="removed-text">
            {formatCount(readable)} chars of text
          </span>
        )}
        {open && (
          <input
            className="filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && filter !== '') {
                event.stopPropagation();
                setFilter('');
              }
            }}
            placeholder="Filter: tag, rule, text…"
            aria-label="Filter the removed elements"
            spellCheck={false}
            data-testid="removal-filter"
            data-focus
          />
        )}
        <div className="chips">
          {chips.map((group) => (
            <CategorySwitch key={group.category} group={group} />
          ))}
        </div>
      </header>
      {open &&
        (removed === undefined ? (
          <div className="inspector-body">
            <p className="muted inspector-empty">Load a page to see what the cleaning rules remove, and why.</p>
          </div>
        ) : (
          <RemovalList groups={groups} filtering={filter.trim() !== ''} site={site} />
        ))}
    </section>
  );
}
