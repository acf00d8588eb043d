/**
 * jsdom lays nothing out, so recharts' ResponsiveContainer measures 0 x 0 and draws nothing: for
 * the tests of the file that calls this (before its tests), every chart container gets the width a
 * 390 px phone leaves a chart (358 px) and a height of 224 px, so the axes, ticks and lines the
 * operator would see are in the DOM.
 */
export function layOutCharts(): void {
  const layout = HTMLElement.prototype.getBoundingClientRect;
  beforeAll(() => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (!this.classList.contains('recharts-responsive-container')) return layout.call(this);
      const box = { x: 0, y: 0, top: 0, left: 0, right: 358, bottom: 224, width: 358, height: 224 };
      return { ...box, toJSON: () => box };
    });
  });
  afterAll(() => jest.restoreAllMocks());
}
