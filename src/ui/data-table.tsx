/**
 * The admin screens' table: a header row of column titles, one row per item, and, when the user may
 * act, a last column of the row's actions (its header hidden, read as "Actions"). The criteria, share
 * groups and parameter sets panels each wrote this markup; now they say only their columns.
 */
import type { HTMLAttributes, Key, ReactNode } from 'react';
import { table, td, th } from './surface.css.ts';

export interface DataColumn<T> {
  title: string;
  cell(row: T): ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): Key;
  /** The row's actions; without it there is no actions column (a reader's view). */
  actions?: (row: T) => ReactNode;
  /** Attributes of a row (its class, `aria-selected`). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
}

export function DataTable<T>({ columns, rows, rowKey, actions, rowProps }: DataTableProps<T>) {
  return (
    <table className={table}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} className={th} scope="col">
              {c.title}
            </th>
          ))}
          {actions ? (
            <th className={th} scope="col">
              <span hidden>Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c) => (
              <td key={c.title} className={td}>
                {c.cell(row)}
              </td>
            ))}
            {actions ? <td className={td}>{actions(row)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
