/**
 * The sweep machinery, and nothing of any one stage: the {@link dev.jsm.daemon.sweep.SweepStage} contract, the
 * {@link dev.jsm.daemon.sweep.StagePipeline} with its quiescence barrier, and what the stages share, split by who
 * touches it: the {@link dev.jsm.daemon.sweep.SweepState} the pipeline hands every stage on the SM thread (model,
 * directed routes, this sweep's snapshot and error count), the {@link dev.jsm.daemon.sweep.StageServices} a stage gets
 * when it is built and calls from any thread (SMP sender, events, options, node names, dump directory, activity
 * report, sweep gate), and the {@link dev.jsm.daemon.sweep.AfterSweep} runner for the work that follows a sweep on a
 * thread of its own. Also the SMP sender with the M_Keys it presents ({@link dev.jsm.daemon.sweep.SmpKeys}, which
 * {@code mkey} implements), the conversions between codec and model ({@link dev.jsm.daemon.sweep.Attributes}), the one
 * mechanism every table-programming stage sends its blocks with ({@link dev.jsm.daemon.sweep.BlockSync}, and
 * {@link dev.jsm.daemon.sweep.Retrained} for the ports whose tables may be lost), and the
 * {@link dev.jsm.daemon.sweep.SweepListeners} the read model's views are published to ({@code view}). The stage lists
 * are composed beside the daemon ({@code dev.jsm.daemon.Sweeps}): this package imports no stage package, only
 * {@code loop}, {@code log}, {@code view} and the leaves {@code activity} and {@code names}.
 */
package dev.jsm.daemon.sweep;
