// The example queries of the Query tab, written against the tables of docs/SCHEMA.md. Joins name
// `profile` too, so each also runs over the tables of several profiles (a job) and over an export.

export interface ExampleQuery {
  title: string;
  sql: string;
}

export const EXAMPLES: readonly ExampleQuery[] = [
  {
    title: 'Top 10 kernels by total time',
    sql: `-- GPU kernels from the slices on device streams; slice_id is each one's longest run.
SELECT s.name AS kernel, count(*) AS occurrences, sum(s.dur_ps) AS total_ps,
       avg(s.dur_ps) AS avg_ps, arg_max(s.slice_id, s.dur_ps) AS slice_id
FROM slices s
JOIN tracks t ON t.profile = s.profile AND t.track_id = s.track_id
WHERE t.role = 'device_stream'
GROUP BY s.name
ORDER BY total_ps DESC
LIMIT 10`,
  },
  {
    title: 'Step times',
    sql: `SELECT profile, step_num, step, step_time_ps,
       breakdown_ps.device_compute AS device_compute_ps, breakdown_ps.host_compute AS host_compute_ps,
       breakdown_ps.memcpy AS memcpy_ps, breakdown_ps.other AS other_ps
FROM steps
ORDER BY profile, step_num`,
  },
  {
    title: 'Slices by name',
    sql: `SELECT name, count(*) AS occurrences, sum(dur_ps) AS total_ps, max(dur_ps) AS max_ps,
       arg_max(slice_id, dur_ps) AS slice_id
FROM slices
GROUP BY name
ORDER BY total_ps DESC
LIMIT 100`,
  },
  {
    title: 'The 100 longest slices',
    sql: `SELECT slice_id, name, category, start_ps, dur_ps
FROM slices
ORDER BY dur_ps DESC
LIMIT 100`,
  },
  {
    title: 'Busiest tracks',
    sql: `SELECT p.name AS process, t.name AS track, t.role, count(*) AS slices, sum(s.dur_ps) AS busy_ps
FROM slices s
JOIN tracks t ON t.profile = s.profile AND t.track_id = s.track_id
JOIN processes p ON p.profile = t.profile AND p.process_id = t.process_id
WHERE s.lane = 0
GROUP BY ALL
ORDER BY busy_ps DESC
LIMIT 20`,
  },
  {
    title: 'Kernels table (as the Kernels tab)',
    sql: `SELECT kernel_name, occurrences, total_duration_ps, avg_duration_us, grid_dim, block_dim,
       longest_slice_id
FROM kernels
ORDER BY total_duration_ps DESC`,
  },
  {
    title: 'Args of the longest slice',
    sql: `SELECT key, value_type,
       coalesce(str_value, CAST(int_value AS VARCHAR), CAST(float_value AS VARCHAR), CAST(bool_value AS VARCHAR)) AS value
FROM args
WHERE owner = 'slice' AND owner_id = (SELECT slice_id FROM slices ORDER BY dur_ps DESC LIMIT 1)
ORDER BY key`,
  },
  {
    title: 'Tables and their sizes',
    sql: `SELECT table_name, estimated_size AS rows, column_count
FROM duckdb_tables()
ORDER BY table_name`,
  },
];
