/**
 * The MAD wire format below the attributes: the common header ({@link dev.jsm.mad.codec.MadHeader}), SMPs
 * LID-routed and directed-route ({@link dev.jsm.mad.codec.Smp}, {@link dev.jsm.mad.codec.DrPath}), the open code
 * sets for classes, methods, attributes and statuses (unknown wire values are kept, never rejected), and the
 * declarative bit-field layouts ({@link dev.jsm.mad.codec.Field}, {@link dev.jsm.mad.codec.Layout}) from which every
 * attribute's decode, encode and dump are made. Immutable and thread-safe.
 */
package dev.jsm.mad.codec;
