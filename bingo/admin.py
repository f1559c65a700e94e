from django.contrib import admin

from bingo.models import Game, GameEvent, Operation, Pattern
from core.admin import ReadOnlyAdmin as ReadOnly  # run from the console; events never change


@admin.register(Pattern)
class PatternAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_es", "slug", "is_standard"]
    search_fields = ["name_en", "name_es", "slug"]


@admin.register(Operation)
class OperationAdmin(ReadOnly):
    list_display = ["pk", "license", "date", "starts_at", "ends_at"]
    list_select_related = ["license"]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["pk", "operation", "number", "pattern", "prize", "status"]
    list_filter = ["status"]


@admin.register(GameEvent)
class GameEventAdmin(ReadOnly):
    list_display = ["game", "seq", "kind", "actor", "created_at", "hash"]
    list_filter = ["kind"]
    list_select_related = ["game", "actor"]
