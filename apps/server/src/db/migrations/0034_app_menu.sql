CREATE TABLE "app_menu_items" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"link_type" text NOT NULL,
	"link_value" text,
	"sort_order" smallint NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"platforms" text[] NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_menu_items_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "screen_configs" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"type" text DEFAULT 'BANNER_APP_PLUS' NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"link_type" text DEFAULT 'NONE' NOT NULL,
	"link_value" text,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"sort_order" smallint NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"platforms" text[] NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_configs_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "app_menu_items" ADD CONSTRAINT "app_menu_items_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_menu_items" ADD CONSTRAINT "app_menu_items_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_menu_items" ADD CONSTRAINT "app_menu_items_updated_by_fk" FOREIGN KEY ("facility_id","updated_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_configs" ADD CONSTRAINT "screen_configs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_configs" ADD CONSTRAINT "screen_configs_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_configs" ADD CONSTRAINT "screen_configs_updated_by_fk" FOREIGN KEY ("facility_id","updated_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_menu_items_order_idx" ON "app_menu_items" USING btree ("facility_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "screen_configs_order_idx" ON "screen_configs" USING btree ("facility_id","type","sort_order","id");