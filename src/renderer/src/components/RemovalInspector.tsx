// What the rules removed, grouped by category and rule, with why, how much text, and how it
// started. Keep an element or a whole rule (the Markdown updates at once), switch categories off,
// select an element to see it in the original pane.
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { categoryHint, categoryLabel } from '../lib/categories';
import { formatBytes, formatCount } from '../lib/format';
import { type CategoryGroup, groupRemovals, type RemovalEntry, type RuleGroup } from '../lib/removals';
import { useApp } from '../store/app-store';
import { VirtualList } from './VirtualList';


function KeepButton({ kept, onClick, label, testId }: { kept: boolean; onClick: () => void; label: string; testId: string }) {
  return (
    <button type="button" className={`keep ${kept ? 'kept' : ''}`} aria-pressed={kept} onClick={(event) => { event.stopPropagation(); onClick(); }} title={kept ? `Drop it again (${label})` : `Keep it in the output (${label})`} data-testid={testId}>
      {kept ? '✓ Kept' : 'Keep'}
    </button>
  );
}

/** One line of the list: a category heading, a rule with its keep toggle, or a removed element. */
type Line =
  | { kind: 'category'; group: CategoryGroup }
  | { kind: 'rule'; category: CategoryGroup['category']; group: RuleGroup; open: boolean }
  | { kind: 'element'; entry: RemovalEntry };

const LINE_HEIGHT: Record<Line['kind'], number> = { category: 32, rule: 30, element: 28 };
const lineHeight = (line: Line) => LINE_HEIGHT[line.kind];
const lineKey = (line: Line) => (line.kind === 'category' ? `c:${line.group.category}` : line.kind === 'rule' ? `r:${line.group.ruleId}` : `e:${line.entry.node.path}`);

function flatten(groups: CategoryGroup[], closedRules: ReadonlySet<string>): Line[] {
  const lines: Line[] = [];
  for (const group of groups) {
    lines.push({ kind: 'category', group });
    for (const rule of group.rules) {
      const open = !closedRules.has(rule.ruleId);
      lines.push({ kind: 'rule', category: group.category, group: rule, open });
      if (open) for (const entry of rule.entries) lines.push({ kind: 'element', entry });
    }
  }
  return lines;
}

function ElementRow({ entry }: { entry: RemovalEntry }) {
  const selected = useApp((s) => s.selectedPath === entry.node.path);
  const select = useApp((s) => s.select);
  const toggleKeepElement = useApp((s) => s.toggleKeepElement);
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
      <span className="removal-size" title="Text removed · HTML size">
        {formatCount(node.textLength)} chars · {formatBytes(htmlSize)}
      </span>
      <code className="removal-excerpt" title={node.excerpt}>
        {node.excerpt}
      </code>
      <KeepButton kept={entry.kept !== false} onClick={() => (entry.kept === 'rule' ? undefined : toggleKeepElement(node))} label="this element" testId="keep-element" />
    </div>
  );
}

function RuleRow({ line, onToggleOpen }: { line: Extract<Line, { kind: 'rule' }>; onToggleOpen: () => void }) {
  const toggleKeepRule = useApp((s) => s.toggleKeepRule);
  const { group } = line;
  return (
    <div className={`rule-header cat-${line.category}`} data-testid="rule-group" data-rule={group.ruleId}>
      <button type="button" className="disclosure" aria-expanded={line.open} onClick={onToggleOpen} aria-label={line.open ? 'Hide its elements' : 'Show its elements'}>
        {line.open ? '▾' : '▸'}
      </button>
      <code className="rule-id">{group.ruleId}</code>
      <span className="rule-describe" title={group.describe}>
        {group.describe}
      </span>
      <span className="count-badge">{group.entries.length}</span>
      <KeepButton kept={group.ruleKept} onClick={() => toggleKeepRule(group.ruleId)} label="everything this rule removes" testId="keep-rule" />
    </div>
  );
}

function CategoryRow({ group }: { group: CategoryGroup }) {
  return (
    <h3 className={`category-header cat-${group.category}`} data-testid={`category-${group.category}`}>
      <span className="cat-dot" aria-hidden="true" />
      {categoryLabel(group.category)}
      <span className="muted">{group.on ? `${group.removed} removed · ${categoryHint(group.category)}` : 'switched off: these rules remove nothing'}</span>
    </h3>
  );
}

function RemovalList({ groups }: { groups: CategoryGroup[] }) {
  const [closedRules, setClosedRules] = useState<ReadonlySet<string>>(new Set());
  const selectedPath = useApp((s) => s.selectedPath);
  const lines = useMemo(() => flatten(groups, closedRules), [groups, closedRules]);
  // Selected in the original pane: bring its line into view here too.
  const reveal = useMemo(() => (selectedPath ? lines.findIndex((line) => line.kind === 'element' && line.entry.node.path === selectedPath) : -1), [lines, selectedPath]);
  const toggleOpen = (ruleId: string) =>
    setClosedRules((closed) => {
      const next = new Set(closed);
      if (next.has(ruleId)) next.delete(ruleId);
      else next.add(ruleId);
      return next;
    });
  return (
    <VirtualList
      className="inspector-body"
      items={lines}
      heightOf={lineHeight}
      keyOf={lineKey}
      reveal={reveal}
      render={(line) =>
        line.kind === 'category' ? <CategoryRow group={line.group} /> : line.kind === 'rule' ? <RuleRow line={line} onToggleOpen={() => toggleOpen(line.group.ruleId)} /> : <ElementRow entry={line.entry} />
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
  const removedText = useApp((s) => s.result?.stats.removedTextLength ?? 0);
  const keep = useApp((s) => s.keep);
  const rules = useApp((s) => s.rules);
  const height = useApp((s) => s.settings.layout.inspectorHeight);
  const open = useApp((s) => s.settings.layout.inspectorOpen);
  const updateLayout = useApp((s) => s.updateLayout);
  const groups = useMemo(() => groupRemovals(removed ?? [], keep, rules), [removed, keep, rules]);
  const drag = useRef<{ y: number; height: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { y: event.clientY, height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const max = Math.max(120, window.innerHeight - 260);
    updateLayout({ inspectorHeight: Math.round(Math.min(max, Math.max(96, drag.current.height - (event.clientY - drag.current.y)))) });
  };

  return (
    <section className={`inspector ${open ? '' : 'closed'}`} style={open ? { height } : undefined} data-testid="inspector" aria-label="Removed elements">
      {open && <div className="hsplitter" role="separator" aria-orientation="horizontal" aria-label="Resize the inspector" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => (drag.current = null)} />}
      <header className="inspector-header">
        <button type="button" className="disclosure" aria-expanded={open} onClick={() => updateLayout({ inspectorOpen: !open })} title={open ? 'Hide the list' : 'Show the list'}>
          {open ? '▾' : '▸'}
        </button>
        <h2>Removed</h2>
        <span className="count-badge strong" data-testid="removed-count">
          {removed?.length ?? 0}
        </span>
        {removed && <span className="muted">{formatCount(removedText)} characters of text</span>}
        <div className="chips">
          {groups.map((group) => (
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
          <RemovalList groups={groups} />
        ))}
    </section>
  );
}
