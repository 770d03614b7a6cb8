// Draws index.html's charts with Chart.js from the inline #chart-data, one per canvas of #charts, by canvas id.
// For tests and readers it then marks <body>: data-charts-rendered = how many charts drew data points,
// data-chart-errors plus #chart-errors = any script error or console.error, which would otherwise go unseen. The
// page's frame (PlainPage) marks the layout once the page has loaded, after the charts are drawn.
// It runs before Chart.js is inlined, so that errors while loading the library are caught too.
(function () {
  'use strict';
  const errors = [];
  function record(message) {
    errors.push(String(message));
    document.body.dataset.chartErrors = errors.join(' | ');
    const box = document.getElementById('chart-errors');
    box.hidden = false;
    box.textContent = 'Chart errors: ' + errors.join('\n');
  }
  window.addEventListener('error', (event) => record(event.message));
  const consoleError = console.error;
  console.error = (...args) => {
    record(args.join(' '));
    consoleError.apply(console, args);
  };

  const SECONDS = 'seconds since the server\'s first request';

  // A dataset of one server: its per-second rows, charted with the given keys of each row.
  function series(label, rows, x, y, color, options) {
    return Object.assign({
      label: label, data: rows, parsing: { xAxisKey: x, yAxisKey: y },
      borderColor: color, backgroundColor: color, pointRadius: 0, borderWidth: 1.5, spanGaps: false
    }, options);
  }

  function chart(canvas, type, datasets, xTitle, yTitle) {
    return new Chart(canvas, {
      type: type,
      data: { datasets: datasets },
      options: {
        // Drawn at once: the marker below and a screenshot see the finished charts.
        animation: false, responsive: true, maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: xTitle } },
          y: { type: 'linear', beginAtZero: true, title: { display: true, text: yTitle } }
        }
      }
    });
  }

  // One line per server of one field of its sample seconds or of its stats points.
  function perServer(canvas, data, rowsOf, field, yTitle, options) {
    return chart(canvas, 'line', data.servers.map((server, i) =>
      series(server.server, rowsOf(server), 'second', field, data.colors[i], options)), SECONDS, yTitle);
  }

  // Two lines per server, p50 (dashed) and p99 (solid), with a band between them, of the rows' p50Ms and p99Ms.
  function percentileBand(canvas, data, rowsOf, xTitle) {
    return chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' p50', rowsOf(server), 'second', 'p50Ms', data.colors[i], { borderDash: [6, 3] }),
      // fill '-1': a band from this server's p50 line (the dataset just before) up to its p99.
      series(server.server + ' p99', rowsOf(server), 'second', 'p99Ms', data.colors[i],
        { fill: '-1', backgroundColor: data.colors[i] + '22' })
    ]), xTitle, 'response time (ms)');
  }

  const samples = (server) => server.samples;
  const arrivals = (server) => server.arrivals;
  const stats = (server) => server.stats;
  const client = (server) => server.client;
  // Snapshots come about once a second: a longer gap means /stats did not answer, which a line would hide.
  // The points show, so that a lone snapshot between two gaps is still seen.
  const STATS_LINE = { spanGaps: 2.5, pointRadius: 1.5 };
  // The same process read from /proc by the runner: a thin dotted line that goes on where the process's own points stop.
  const OUTSIDE_LINE = { spanGaps: 2.5, pointRadius: 0, borderWidth: 1, borderDash: [2, 2] };
  const outsideStats = (server) => server.outsideStats;
  const outsideClient = (server) => server.outsideClient;

  // Per server, one field of a process's own record (points) and of the runner's /proc view of it (dotted).
  function insideAndOutside(canvas, data, rowsOf, outsideOf, field, yTitle) {
    return chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server, rowsOf(server), 'second', field, data.colors[i], STATS_LINE),
      series(server.server + ' /proc', outsideOf(server), 'second', field, data.colors[i], OUTSIDE_LINE)
    ]), SECONDS, yTitle);
  }

  const DRAW = {
    'chart-response-time': (canvas, data) => percentileBand(canvas, data, samples, SECONDS),
    // Two lines per server: the client's own (solid) and the server's own (dashed) figure of the same second.
    'chart-server-vs-client': (canvas, data) => chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' ' + data.client + ' p99', server.samples, 'second', 'p99Ms', data.colors[i]),
      series(server.server + ' server p99', server.serverSeconds, 'second', 'p99Ms', data.colors[i], { borderDash: [6, 3] })
    ]), SECONDS, 'p99 (ms)'),
    'chart-throughput': (canvas, data) => chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' ' + data.client, server.samples, 'second', 'samples', data.colors[i]),
      series(server.server + ' server', server.serverSeconds, 'second', 'responses', data.colors[i], { borderDash: [6, 3] })
    ]), SECONDS, 'per second'),
    'chart-active-users': (canvas, data) => perServer(canvas, data, samples, 'activeUsers', 'active users'),
    'chart-errors': (canvas, data) => perServer(canvas, data, samples, 'errors', 'failed samples per second'),
    'chart-users-vs-response-time': (canvas, data) => chart(canvas, 'scatter', data.servers.flatMap((server, i) => [
      series(server.server + ' p50', server.samples, 'activeUsers', 'p50Ms', data.colors[i],
        { pointRadius: 3, backgroundColor: 'transparent' }),
      series(server.server + ' p99', server.samples, 'activeUsers', 'p99Ms', data.colors[i], { pointRadius: 3 })
    ]), 'active users', 'response time (ms)'),
    'chart-os-threads': (canvas, data) => insideAndOutside(canvas, data, stats, outsideStats, 'osThreads', 'OS threads'),
    'chart-rss': (canvas, data) => insideAndOutside(canvas, data, stats, outsideStats, 'rssMb', 'RSS (MiB)'),
    'chart-cpu': (canvas, data) => insideAndOutside(canvas, data, stats, outsideStats, 'cpuPercent', 'CPU (% of one core)'),
    'chart-client-cpu': (canvas, data) => chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' run: ' + data.client, server.client, 'second', 'cpuPercentOfMachine', data.colors[i], STATS_LINE),
      series(server.server + ' run: machine', server.client, 'second', 'machinePercent', data.colors[i],
        Object.assign({ borderDash: [6, 3] }, STATS_LINE)),
      series(server.server + ' run: ' + data.client + ' /proc', server.outsideClient, 'second', 'cpuPercentOfMachine', data.colors[i], OUTSIDE_LINE)
    ]), SECONDS, '% of the machine (all cores)'),
    'chart-client-rss': (canvas, data) => insideAndOutside(canvas, data, client, outsideClient, 'rssMb', 'RSS (MiB)'),
    'chart-client-gc': (canvas, data) => perServer(canvas, data, client, 'gcPauseMs', 'GC pause (ms per second)', STATS_LINE),
    'chart-accept-queue': (canvas, data) => perServer(canvas, data, (server) => server.acceptQueue, 'queued',
      'connections waiting for accept', STATS_LINE),
    'chart-arrival-rate': (canvas, data) => chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' offered', server.arrivals, 'second', 'offered', data.colors[i], { borderDash: [6, 3] }),
      series(server.server + ' achieved', server.arrivals, 'second', 'arrivals', data.colors[i])
    ]), SECONDS, 'arrivals per second'),
    'chart-latency-by-arrival': (canvas, data) => percentileBand(canvas, data, arrivals, 'second of arrival, since the server\'s first request'),
    'chart-in-flight': (canvas, data) => chart(canvas, 'line', data.servers.flatMap((server, i) => [
      series(server.server + ' ' + data.client, server.arrivals, 'second', 'inFlight', data.colors[i]),
      series(server.server + ' server', server.stats, 'second', 'inFlight', data.colors[i],
        Object.assign({ borderDash: [6, 3] }, STATS_LINE))
    ]), SECONDS, 'requests in flight')
  };

  function drewData(drawn) {
    return drawn.getSortedVisibleDatasetMetas().some((meta) => meta.data.some((element) => !element.skip));
  }

  window.addEventListener('DOMContentLoaded', () => {
    const data = JSON.parse(document.getElementById('chart-data').textContent);
    let rendered = 0;
    for (const canvas of document.querySelectorAll('#charts canvas')) {
      const draw = DRAW[canvas.id];
      if (!draw) {
        record('no drawing for canvas #' + canvas.id);
        continue;
      }
      try {
        rendered += drewData(draw(canvas, data)) ? 1 : 0;
      } catch (error) {
        record(canvas.id + ': ' + error);
      }
    }
    document.body.dataset.chartsRendered = String(rendered);
  });
})();
