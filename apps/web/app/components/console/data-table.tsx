// A console list: the server sorts, filters and pages (COMMON "Console lists"), this table shows
// one page of it. Its state is the page's URL: a sortable header is a link to `sort=field` /
// `sort=-field` (aria-sort tells which), the pager links to `page=N`, and the search box and
// filters are a GET form, so every part works before (or without) the page's JavaScript.
// Columns come from the caller (consoleColumns<Row>()); a column sorts only when its definition
// says `enableSorting: true`, as the API sorts only on indexed fields. Its id is the API's field.
import { Fragment, useId, type ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { createColumnHelper, FlexRender, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type Header, type RowData, type SortingState } from '@tanstack/react-table';
import { countLabel, pageCount, pageParam, parseSort, searchWith } from '../../lib/console/list-params.ts';

const features = tableFeatures({ rowSortingFeature });
type ConsoleFeatures = typeof features;

/** The column helper of console tables: `const col = consoleColumns<Offer>(); col.accessor('title', {...})`. */
export function consoleColumns<Row extends RowData>() {
  return createColumnHelper<ConsoleFeatures, Row>();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table mixes columns of every value type
export type ConsoleColumn<Row extends RowData> = ColumnDef<ConsoleFeatures, Row, any>;

export type TableFilter =
  | {
      /** The URL (and API) parameter. */
      name: string;
      label: string;
      /** The first option is usually "All" with the value ''. */
      options: ReadonlyArray<{ value: string; label: string }>;
    }
  | {
      name: string;
      label: string;
      /** A day (YYYY-MM-DD) typed or picked; empty for none. */
      type: 'date';
    };

export interface DataTableProps<Row extends RowData> {
  /** Names the table for screen readers (and shows above it when `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<ConsoleColumn<Row>>;
  rows: readonly Row[];
  /** The API's count (10,001 means more than 10,000), page (1-based) and page size. */
  count: number;
  page: number;
  pageSize: number;
  getRowId: (row: Row) => string;
  /** The detail page of a row: the row's first cell becomes a link to it. */
  rowHref?: (row: Row) => string;
  /** A search box (`q`) above the table, with this label. */
  search?: { label: string; placeholder?: string };
  filters?: readonly TableFilter[];
  /** What an empty page says. */
  empty?: ReactNode;
  /** More about a row, in a full-width row under it (e.g. a <details> the staff member opens). */
  rowDetail?: (row: Row) => ReactNode;
}

export function DataTable<Row extends RowData>({ caption, showCaption = false, columns, rows, count, page, pageSize, getRowId, rowHref, search, filters = [], empty = 'Nothing matches.', rowDetail }: DataTableProps<Row>) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const sort = parseSort(params.get('sort'));
  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.desc }] : [];
  const table = useTable({
    features,
    columns: columns as ConsoleColumn<Row>[],
    data: rows as Row[],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    state: { sorting },
  });
  const { pages, capped } = pageCount(count, pageSize);
  const current = pageParam(String(page));
  const hasNext = capped ? rows.length >= pageSize : current < pages;
  const columnCount = table.getAllLeafColumns().length;

  return (
    <div className="console-table-block">
      {search || filters.length ? <TableTools key={location.search} params={params} search={search} filters={filters} /> : null}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways on a phone is focusable, so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className="console-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="console-table">
          <caption className={showCaption ? undefined : 'console-sr'}>
            {caption}
            {sort ? <span className="console-sr">, sorted by {sortedLabel(table.getAllLeafColumns(), sort.field)} {sort.desc ? 'descending' : 'ascending'}</span> : null}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} search={location.search} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>{empty}</td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => {
                const detail = rowDetail?.(row.original);
                return (
                  <Fragment key={row.id}>
                    <tr className={detail ? 'console-row-has-detail' : undefined}>
                      {row.getAllCells().map((cell, index) => {
                        const content = <FlexRender cell={cell} />;
                        const Cell = index === 0 ? 'th' : 'td';
                        return (
                          <Cell key={cell.id} scope={index === 0 ? 'row' : undefined}>
                            {index === 0 && rowHref ? <Link to={rowHref(row.original)}>{content}</Link> : content}
                          </Cell>
                        );
                      })}
                    </tr>
                    {detail ? (
                      <tr className="console-row-detail">
                        <td colSpan={columnCount}>{detail}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <nav className="console-pager" aria-label={`${caption}: pages`}>
        <p className="console-muted" aria-live="polite">
          {countLabel(count)} · Page {current} of {pages}
          {capped ? '+' : ''}
        </p>
        <ul>
          <li>
            <PageLink search={location.search} page={current - 1} enabled={current > 1} rel="prev">
              Previous
            </PageLink>
          </li>
          <li>
            <PageLink search={location.search} page={current + 1} enabled={hasNext} rel="next">
              Next
            </PageLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function sortedLabel(columns: ReadonlyArray<{ id: string; columnDef: { header?: unknown } }>, field: string): string {
  const header = columns.find((c) => c.id === field)?.columnDef.header;
  return typeof header === 'string' ? header : field;
}

function HeaderCell<Row extends RowData>({ header, search }: { header: Header<ConsoleFeatures, Row, unknown>; search: string }) {
  const { column } = header;
  const sortable = column.columnDef.enableSorting === true && column.getCanSort();
  if (header.isPlaceholder) return <th scope="col" colSpan={header.colSpan} />;
  if (!sortable) {
    return (
      <th scope="col" colSpan={header.colSpan}>
        <FlexRender header={header} />
      </th>
    );
  }
  const sorted = column.getIsSorted();
  // A first click sorts ascending; a sorted column's header turns the order round. A new order starts on page 1.
  const next = sorted === 'asc' ? `-${column.id}` : column.id;
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" colSpan={header.colSpan} aria-sort={ariaSort}>
      <Link to={searchWith(search, { sort: next, page: null })} className="console-sort" preventScrollReset>
        <FlexRender header={header} />
        <span className="console-sort-mark" aria-hidden="true">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </Link>
    </th>
  );
}

function PageLink({ search, page, enabled, rel, children }: { search: string; page: number; enabled: boolean; rel: string; children: ReactNode }) {
  if (!enabled) {
    return (
      <span className="console-btn console-btn-secondary console-btn-small" aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={searchWith(search, { page: page > 1 ? String(page) : null })} rel={rel} className="console-btn console-btn-secondary console-btn-small">
      {children}
    </Link>
  );
}

/** The search box and filters: a GET form that keeps the order and starts again on page 1. */
function TableTools({ params, search, filters }: { params: URLSearchParams; search?: DataTableProps<RowData>['search']; filters: readonly TableFilter[] }) {
  const id = useId();
  const sort = params.get('sort');
  return (
    <Form method="get" className="console-table-tools" role="search">
      {search ? (
        <div className="console-field console-search">
          <label htmlFor={`${id}-q`}>{search.label}</label>
          <input id={`${id}-q`} type="search" name="q" defaultValue={params.get('q') ?? ''} placeholder={search.placeholder} />
        </div>
      ) : null}
      {filters.map((filter) => (
        <div className="console-field" key={filter.name}>
          <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
          {'options' in filter ? (
            <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={params.get(filter.name) ?? ''}>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input id={`${id}-${filter.name}`} type="date" name={filter.name} defaultValue={params.get(filter.name) ?? ''} />
          )}
        </div>
      ))}
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      <button type="submit" className="console-btn">
        {search ? 'Search' : 'Apply'}
      </button>
    </Form>
  );
}
