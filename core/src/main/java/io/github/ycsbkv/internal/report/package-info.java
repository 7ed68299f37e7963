/**
 * {@code ycsb report}: {@link io.github.ycsbkv.internal.report.HtmlReport} writes one self-contained page for a
 * sweep (the page's order, a class per section: {@code PublishedSection}, {@code WorkloadSection},
 * {@code VariantsSection}, {@code CapacitySection}, {@code OutagesSection}, {@code ServerSections},
 * {@code CommandsSection}, {@code LoadTable}; per chart: {@code ThreadsChart}, {@code SpectrumChart},
 * {@code CapacityChart}, {@code Timeline}), for one run ({@code RunReport}) or for a suite run ({@code SuiteReport}),
 * from the sweep's typed cells
 * ({@code io.github.ycsbkv.results.sweep.SweepJson}, read by {@code ReportData}), a study's file ({@code StudyFile})
 * and the runs' results.
 *
 * <p>Internal: not an API, it may change in any release without notice.
 */
package io.github.ycsbkv.internal.report;
