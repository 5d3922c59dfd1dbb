/**
 * Performance management (class 0x04, IBA 16.1): the MAD layout of the class, its ClassPortInfo capability bits and
 * the counter attributes the performance manager reads and clears - {@link dev.jsm.mad.perf.PortCounters} and
 * {@link dev.jsm.mad.perf.PortCountersExtended}.
 */
package dev.jsm.mad.perf;
