package io.kvmapper.it.fuzz;

import io.kvmapper.IntegrityReport;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The generated repository of one specimen entity, typed over {@link Specimen}, so that one fuzzer serves the
 * three: each method calls the method of the same name and parameters of {@link JsonSpecimenRepository},
 * {@link ProtoSpecimenRepository} or {@link ApkSpecimenRepository} (a proxy, resolved once per method; an
 * {@link Id} given to {@link #findAllById} becomes the repository's own {@code Key}).
 */
interface Specimens {
    Specimen save(Specimen specimen);

    Specimen insert(Specimen specimen);

    Optional<Specimen> findById(String tenant, long seq, double weight);

    /** The generated {@code findAllById}, with each {@link Id} turned into the repository's {@code Key}. */
    List<Specimen> findAllById(Collection<Id> ids);

    boolean existsById(String tenant, long seq, double weight);

    boolean deleteById(String tenant, long seq, double weight);

    Stream<Specimen> findAll();

    Page<Specimen> findAll(PageRequest page);

    long count();

    List<Specimen> findByTenant(String tenant);

    Page<Specimen> findByTenant(String tenant, PageRequest page);

    List<Specimen> findByTenantAndSeq(String tenant, long seq);

    List<Specimen> findByTenantBetween(String from, String to);

    Page<Specimen> findByTenantBetween(String from, String to, PageRequest page);

    List<Specimen> findByTenantAndSeqBetween(String tenant, long from, long to);

    Page<Specimen> findByTenantAndSeqBetween(String tenant, long from, long to, PageRequest page);

    List<Specimen> findByTenantAndSeqAndWeightBetween(String tenant, long seq, double from, double to);

    Optional<Specimen> findByHandle(String handle);

    Page<Specimen> findByHandleBetween(String from, String to, PageRequest page);

    List<Specimen> findByStatus(Status status);

    Page<Specimen> findByStatus(Status status, PageRequest page);

    List<Specimen> findByTags(String tag);

    Page<Specimen> findByTags(String tag, PageRequest page);

    List<Specimen> findByScore(double score);

    List<Specimen> findByScoreBetween(double from, double to);

    List<Specimen> findBySerial(BigInteger serial);

    List<Specimen> findByCityAndPoints(String city, int points);

    Page<Specimen> findByCityAndPointsBetween(String city, int from, int to, PageRequest page);

    long countTotal();

    long countByStatus(Status status);

    Map<Status, Long> countByStatus();

    long countByScore(double score);

    Map<Double, Long> countByScore();

    long sumPointsByCity(String city);

    Map<String, Long> sumPointsByCity();

    boolean updateHandle(String tenant, long seq, double weight, String handle);

    boolean updateStatus(String tenant, long seq, double weight, Status status);

    boolean updateScore(String tenant, long seq, double weight, double score);

    boolean updateSerial(String tenant, long seq, double weight, BigInteger serial);

    boolean updatePoints(String tenant, long seq, double weight, int points);

    boolean updateNote(String tenant, long seq, double weight, String note);

    boolean updatePlace(String tenant, long seq, double weight, Place place);

    boolean updateTags(String tenant, long seq, double weight, Set<String> tags);

    boolean addTags(String tenant, long seq, double weight, String tag);

    boolean removeTags(String tenant, long seq, double weight, String tag);

    boolean updateLines(String tenant, long seq, double weight, List<String> lines);

    boolean appendLines(String tenant, long seq, double weight, String line);

    boolean insertLines(String tenant, long seq, double weight, int index, String line);

    boolean removeLinesAt(String tenant, long seq, double weight, int index);

    boolean putMarks(String tenant, long seq, double weight, String key, Integer mark);

    boolean removeMarks(String tenant, long seq, double weight, String key);

    IntegrityReport verify();

    IntegrityReport repair();

    /** {@code repository}, a generated specimen repository, behind this interface. */
    static Specimens over(Object repository) {
        Class<?> type = repository.getClass();
        Map<Method, Method> targets = new HashMap<>();
        for (Method method : Specimens.class.getMethods()) {
            if (!method.isDefault() && !java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
                targets.put(method, target(type, method));
            }
        }
        Class<?> keyType = findAllByIdKey(type);
        return (Specimens) Proxy.newProxyInstance(Specimens.class.getClassLoader(), new Class<?>[] {Specimens.class},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.getName().equals("toString") ? type.getSimpleName()
                                : method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                                : proxy == args[0];
                    }
                    Object[] passed = args;
                    if (method.getName().equals("findAllById") && args[0] != null) {
                        List<Object> keys = new ArrayList<>();
                        for (Object id : (Collection<?>) args[0]) {
                            keys.add(id instanceof Id i ? keyType.getDeclaredConstructors()[0]
                                    .newInstance(i.tenant(), i.seq(), i.weight()) : id);
                        }
                        passed = new Object[] {keys};
                    }
                    try {
                        return targets.get(method).invoke(repository, passed);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** The method of {@code type} that {@code method} stands for: same name, parameters that accept its arguments. */
    private static Method target(Class<?> type, Method method) {
        for (Method candidate : type.getMethods()) {
            if (candidate.getName().equals(method.getName())
                    && candidate.getParameterCount() == method.getParameterCount() && !candidate.isBridge()
                    && accepts(candidate.getParameterTypes(), method.getParameterTypes())) {
                return candidate;
            }
        }
        throw new IllegalStateException(type.getSimpleName() + " has no method like " + method);
    }

    private static boolean accepts(Class<?>[] targets, Class<?>[] given) {
        for (int i = 0; i < targets.length; i++) {
            boolean entity = given[i] == Specimen.class && Specimen.class.isAssignableFrom(targets[i]);
            if (!entity && targets[i] != given[i]) {
                return false;
            }
        }
        return true;
    }

    /** The repository's {@code Key} record, whose components are the key's. */
    private static Class<?> findAllByIdKey(Class<?> type) {
        for (Class<?> nested : type.getDeclaredClasses()) {
            if (nested.isRecord() && nested.getSimpleName().equals("Key")) {
                RecordComponent[] components = nested.getRecordComponents();
                if (components.length == 3) {
                    return nested;
                }
            }
        }
        throw new IllegalStateException(type.getSimpleName() + " has no Key record");
    }
}
