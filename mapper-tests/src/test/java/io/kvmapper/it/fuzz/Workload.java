package io.kvmapper.it.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random valid writes through a repository, mirrored in a model of what the store must hold: inserts, saves
 * that replace, updates of one field, element-wise changes of lists, sets and maps, and deletes. Unique
 * values are never shared, so no write is refused.
 */
final class Workload {
    private final SpecimenKind kind;
    private Specimens repository;
    private final Values values;
    private final Map<Id, Specimen> model = new LinkedHashMap<>();
    private int handles;

    Workload(SpecimenKind kind, Specimens repository, Values values) {
        this.kind = kind;
        this.repository = repository;
        this.values = values;
    }

    /** Writes through {@code repository} from now on (the same entity, on a store opened again). */
    void use(Specimens repository) {
        this.repository = repository;
    }

    /** What the store holds, by key, as the writes so far left it. */
    Map<Id, Specimen> model() {
        return model;
    }

    /** The live keys, in the order they were first written. */
    List<Id> ids() {
        return new ArrayList<>(model.keySet());
    }

    /** A handle no specimen has held. */
    String freshHandle() {
        return values.chance(0.25) ? null : "h" + handles++ + values.text(3);
    }

    /** Runs {@code count} random writes; returns what they were, for failure messages. */
    List<String> run(int count) {
        List<String> done = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            done.add(step());
        }
        return done;
    }

    /** One random write, applied to the store and to the model. */
    String step() {
        int roll = values.random().nextInt(100);
        if (model.isEmpty() || roll < 35) {
            Id id = values.id();
            Specimen specimen = values.specimen(kind, id, freshHandle());
            repository.save(specimen.copy());
            model.put(id, specimen);
            return "save " + id;
        }
        Id id = values.pick(ids());
        Specimen now = model.get(id).copy();
        String what;
        boolean changed;
        if (roll < 45) {
            now = values.specimen(kind, id, freshHandle());
            repository.save(now.copy());
            model.put(id, now);
            return "replace " + id;
        } else if (roll < 52) {
            repository.deleteById(id.tenant(), id.seq(), id.weight());
            model.remove(id);
            return "delete " + id;
        }
        switch (values.random().nextInt(16)) {
            case 0 -> {
                now.handle = freshHandle();
                changed = repository.updateHandle(id.tenant(), id.seq(), id.weight(), now.handle);
                what = "updateHandle";
            }
            case 1 -> {
                now.status = values.status();
                changed = repository.updateStatus(id.tenant(), id.seq(), id.weight(), now.status);
                what = "updateStatus";
            }
            case 2 -> {
                now.score = values.aDouble();
                changed = repository.updateScore(id.tenant(), id.seq(), id.weight(), now.score);
                what = "updateScore";
            }
            case 3 -> {
                now.serial = values.chance(0.3) ? null : values.bigInteger();
                changed = repository.updateSerial(id.tenant(), id.seq(), id.weight(), now.serial);
                what = "updateSerial";
            }
            case 4 -> {
                now.points = values.anInt();
                changed = repository.updatePoints(id.tenant(), id.seq(), id.weight(), now.points);
                what = "updatePoints";
            }
            case 5 -> {
                now.note = values.chance(0.2) ? null : values.text(40);
                changed = repository.updateNote(id.tenant(), id.seq(), id.weight(), now.note);
                what = "updateNote";
            }
            case 6 -> {
                now.place = values.place();
                changed = repository.updatePlace(id.tenant(), id.seq(), id.weight(), now.place);
                what = "updatePlace";
            }
            case 7 -> {
                now.tags = values.tags();
                changed = repository.updateTags(id.tenant(), id.seq(), id.weight(), now.tags);
                what = "updateTags";
            }
            case 8 -> {
                String tag = values.pick(Values.TAGS);
                now.tags.add(tag);
                changed = repository.addTags(id.tenant(), id.seq(), id.weight(), tag);
                what = "addTags";
            }
            case 9 -> {
                String tag = values.pick(Values.TAGS);
                now.tags.remove(tag);
                changed = repository.removeTags(id.tenant(), id.seq(), id.weight(), tag);
                what = "removeTags";
            }
            case 10 -> {
                now.lines = values.lines();
                changed = repository.updateLines(id.tenant(), id.seq(), id.weight(), now.lines);
                what = "updateLines";
            }
            case 11 -> {
                String line = values.text(12);
                now.lines.add(line);
                changed = repository.appendLines(id.tenant(), id.seq(), id.weight(), line);
                what = "appendLines";
            }
            case 12 -> {
                int at = values.random().nextInt(now.lines.size() + 1);
                String line = values.text(12);
                now.lines.add(at, line);
                changed = repository.insertLines(id.tenant(), id.seq(), id.weight(), at, line);
                what = "insertLines " + at;
            }
            case 13 -> {
                if (now.lines.isEmpty()) {
                    return "nothing";
                }
                int at = values.random().nextInt(now.lines.size());
                now.lines.remove(at);
                changed = repository.removeLinesAt(id.tenant(), id.seq(), id.weight(), at);
                what = "removeLinesAt " + at;
            }
            case 14 -> {
                String key = now.marks.isEmpty() || values.chance(0.5) ? values.text(6) : values.pick(
                        new ArrayList<>(now.marks.keySet()));
                int mark = values.anInt();
                now.marks.put(key, mark);
                changed = repository.putMarks(id.tenant(), id.seq(), id.weight(), key, mark);
                what = "putMarks";
            }
            default -> {
                String key = now.marks.isEmpty() || values.chance(0.3) ? values.text(6) : values.pick(
                        new ArrayList<>(now.marks.keySet()));
                now.marks.remove(key);
                changed = repository.removeMarks(id.tenant(), id.seq(), id.weight(), key);
                what = "removeMarks";
            }
        }
        if (!changed) {
            throw new AssertionError(what + " of " + id + ", which the model holds, answered false");
        }
        model.put(id, now);
        return what + " " + id;
    }
}
