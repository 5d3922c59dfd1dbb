/**
 * The SA class agent: {@link dev.jsm.sa.agent.SaAgent} takes class 0x03 MADs from a
 * {@link dev.jsm.mad.channel.MadChannel}, answers them on its own thread (never blocking the sweep) through the SA
 * table ({@link dev.jsm.sa.query.SaDispatch}) from the last published view and the records it keeps - ServiceRecords
 * with leases ({@link dev.jsm.sa.agent.ServiceRegistry}), multicast groups and event subscriptions - and sends
 * tables through the user-space RMPP sender, within the bounds of {@link dev.jsm.sa.limit.SaLimits}.
 */
package dev.jsm.sa.agent;
