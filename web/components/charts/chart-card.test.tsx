// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render-in-app.tsx';
import { ChartCard } from './chart-card.tsx';

afterEach(cleanup);

const card = (rows: Array<[string, number]>) =>
  renderInApp(
    <ChartCard
      id="ratings"
      title="Điểm trung bình theo khóa học"
      summary="Các khóa học có nhiều đánh giá nhất."
      chart={<svg data-testid="drawing" />}
      columns={['Khóa học', 'Số đánh giá']}
      rows={rows}
      emptyText="Chưa có khóa học nào được đánh giá."
    />,
    new QueryClient(),
  );

describe('a chart card', () => {
  it('says in words that there is nothing to chart, with no empty frame or table', () => {
    card([]);
    expect(screen.getByRole('figure', { name: 'Điểm trung bình theo khóa học' })).toBeTruthy();
    expect(screen.getByText('Chưa có khóa học nào được đánh giá.')).toBeTruthy();
    expect(screen.queryByTestId('drawing')).toBeNull();
    expect(screen.queryByText('Xem dạng bảng')).toBeNull();
  });

  it('says so, instead of bare axes, when every figure is zero', () => {
    card([
      ['1/9', 0],
      ['8/9', 0],
    ]);
    expect(screen.getByText('Chưa có khóa học nào được đánh giá.')).toBeTruthy();
    expect(screen.queryByTestId('drawing')).toBeNull();
  });

  it('draws its chart with the same figures as a table', () => {
    card([
      ['Sơn gel cơ bản', 4],
      ['Đắp bột và nối móng', 2],
    ]);
    expect(screen.getByTestId('drawing')).toBeTruthy();
    expect(screen.queryByText('Chưa có khóa học nào được đánh giá.')).toBeNull();
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['Khóa họcSố đánh giá', 'Sơn gel cơ bản4', 'Đắp bột và nối móng2']);
  });
});
