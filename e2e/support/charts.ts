import { expect, type Locator } from '@playwright/test';

type Box = { text: string; left: number; top: number; right: number; bottom: number };

/** Space a reader needs to tell two labels apart. */
const GAP = 4;

/**
 * Every axis label of a chart is whole and stands clear of its neighbours: on a phone, category
 * names under columns ran into each other ("Bảo lưuĐã hoàn thành") and past the chart's edge
 * before those charts' bars lay down.
 */
export async function expectAxisLabelsApart(chart: Locator) {
  // The chart draws its axes once it knows its width, after the frame itself shows.
  await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  const { surface, axes } = await chart.locator('svg.recharts-surface').evaluate((svg) => {
    const box = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { text: element.textContent ?? '', left, top, right, bottom };
    };
    return {
      surface: box(svg),
      // Recharts draws each axis's labels in a layer of their own, apart from its line and ticks.
      axes: [...svg.querySelectorAll('.recharts-cartesian-axis-tick-labels')].map((axis) =>
        [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map(box),
      ),
    };
  });
  const tooClose = (a: Box, b: Box) =>
    a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom && b.top < a.bottom;
  const crowded = axes.flatMap((labels) =>
    labels.flatMap((a, index) =>
      labels
        .slice(index + 1)
        .filter((b) => tooClose(a, b))
        .map((b) => `${a.text} / ${b.text}`),
    ),
  );
  const cut = axes
    .flat()
    .filter((label) => label.left < surface.left - 0.5 || label.right > surface.right + 0.5)
    .map((label) => label.text);
  expect(axes.flat().length, 'axis labels found').toBeGreaterThan(0);
  expect(crowded, 'axis labels run into each other').toEqual([]);
  expect(cut, 'axis labels cut at the chart’s edge').toEqual([]);
}
