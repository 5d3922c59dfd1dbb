/**
 * The sweep machinery, and nothing of any one stage: the {@link dev.jsm.daemon.sweep.SweepStage} contract, the
 * {@link dev.jsm.daemon.sweep.StagePipeline} with its quiescence barrier, the {@link dev.jsm.daemon.sweep.SweepContext}
 * every stage works on (model, directed routes, SMP sender, options, error count, the sweep's one snapshot), the
 * one mechanism every table-programming stage sends its blocks with ({@link dev.jsm.daemon.sweep.BlockSync}, and
 * {@link dev.jsm.daemon.sweep.Retrained} for the ports whose tables may be lost), and the listeners the read model's
 * views are published to ({@code dev.jsm.daemon.view}). The stage lists themselves are composed beside the daemon
 * ({@code dev.jsm.daemon.Sweeps}); this package imports no stage package.
 */
package dev.jsm.daemon.sweep;
