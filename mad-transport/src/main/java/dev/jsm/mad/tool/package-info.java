/**
 * Command-line tools over the MAD transport: {@link dev.jsm.mad.tool.SmpQuery} ({@code bin/smp-query}) sends one
 * SMP by directed route or LID through libibumad and prints the decoded attribute, as {@code smpquery} does.
 */
package dev.jsm.mad.tool;
